-- Headless Neovim checks for plist-lsp against editors/test/Info.plist (the current buffer).
-- PLIST_LSP_CHECK names one check: filetype, diagnostics, hover, completion, outline or quickfix.
-- Each line of PLIST_LSP_RESULT is "PASS|FAIL <check>: <detail>"; Neovim exits 0 only if the
-- check passed. Every wait is bounded; a watchdog ends the run after 85 s.
local check = os.getenv('PLIST_LSP_CHECK') or 'diagnostics'
local report = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/report.lua')(check)
local log, finish = report.log, report.finish

local watchdog = vim.loop.new_timer()
watchdog:start(85000, 0, vim.schedule_wrap(function()
  log('FAIL', 'watchdog: the check did not finish within 85 s')
  finish()
end))

local bufnr = vim.api.nvim_get_current_buf()

local function client_of(buf)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = buf, name = 'plist_lsp' })[1]
  end
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == 'plist_lsp' then return c end
  end
end

local function wait_client(buf)
  local client
  vim.wait(40000, function()
    client = client_of(buf)
    return client ~= nil and client.server_capabilities ~= nil and next(client.server_capabilities) ~= nil
  end, 50)
  return client
end

local function request(method, params, timeout)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, timeout or 10000)
  if not responses then return nil, 'no response to ' .. method .. ': ' .. tostring(err) end
  for _, r in pairs(responses) do
    if r.err or r.error then return nil, method .. ' failed: ' .. vim.inspect(r.err or r.error) end
    return r.result, nil
  end
  return nil, 'no client answered ' .. method
end

local function code_of(d)
  if d.code ~= nil then return tostring(d.code) end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code and tostring(lsp.code) or ''
end

local function describe(diagnostics)
  local parts = {}
  for _, d in ipairs(diagnostics) do
    table.insert(parts, string.format('%d:%d %s', d.lnum + 1, d.col, code_of(d)))
  end
  return '[' .. table.concat(parts, ', ') .. ']'
end

local function find_diagnostic(pred)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if pred(d) then return d end
  end
end

-- The rule privacy-missing-usage-description (docs/diagnostics.md) about NSCameraUsageDescription.
local function is_camera_usage(d)
  return code_of(d) == 'privacy-missing-usage-description'
    and (d.message or ''):find('NSCameraUsageDescription', 1, true) ~= nil
end

local function position_params(client, row, col)
  vim.api.nvim_win_set_cursor(0, { row, col })
  return vim.lsp.util.make_position_params(0, client.offset_encoding)
end

local function flatten_hover(contents)
  if type(contents) == 'string' then return contents end
  if contents.value then return contents.value end
  local parts = {}
  for _, c in ipairs(contents) do table.insert(parts, flatten_hover(c)) end
  return table.concat(parts, '\n')
end

local function apply_edit(client, edit)
  -- (edit, offset_encoding) from 0.7 on.
  vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
end

local checks = {}

-- Names the missing capability, so a failure says "not implemented" rather than "timeout".
local function require_capability(client, name)
  local caps = client.server_capabilities or {}
  if not caps[name] then
    log('FAIL', 'the server does not announce ' .. name .. ' (feature not implemented yet?)')
    return false
  end
  return true
end

function checks.filetype(client)
  local ft = vim.bo[bufnr].filetype
  if ft ~= 'plist' then return log('FAIL', 'Info.plist has filetype ' .. vim.inspect(ft) .. ', expected plist') end
  log('PASS', 'Info.plist has filetype plist')
  -- XML highlighting: the syntax item under <dict> is an xml one.
  local synname = vim.fn.synIDattr(vim.fn.synID(4, 2, 1), 'name')
  if vim.b.current_syntax == 'plist' and synname:match('^xml') then
    log('PASS', 'XML highlighting (' .. synname .. ')')
  else
    log('FAIL', 'no XML highlighting: current_syntax=' .. tostring(vim.b.current_syntax) .. ' item=' .. synname)
  end
  -- Completion with <C-x><C-o>: on attach plist-lsp's omnifunc replaces the XML ftplugin's, on every
  -- version (the built-in one writes a line break as a NUL byte before 0.11, and drops `</key>` and
  -- the item's range on 0.11).
  local expected = "v:lua.require'plist_lsp.complete'.omnifunc"
  if vim.wait(5000, function() return vim.bo[bufnr].omnifunc == expected end, 50) then
    log('PASS', "'omnifunc' is " .. expected)
  else
    log('FAIL', "'omnifunc' is " .. vim.inspect(vim.bo[bufnr].omnifunc) .. ' after attach')
  end
  -- The configurations this Neovim does not run still compile (0.11's lsp/, the lspconfig snippet).
  local plugin = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
  for _, file in ipairs({ 'lsp/plist_lsp.lua', 'examples/lspconfig.lua', 'lua/plist_lsp/init.lua' }) do
    local chunk, err = loadfile(plugin .. '/' .. file)
    if chunk then log('PASS', file .. ' compiles') else log('FAIL', file .. ': ' .. tostring(err)) end
  end
  local config = loadfile(plugin .. '/lsp/plist_lsp.lua')()
  if vim.deep_equal(config.filetypes, { 'plist', 'plist_strings', 'xcstrings' }) and config.cmd[1] == 'plist-lsp' then
    log('PASS', 'lsp/plist_lsp.lua configures plist-lsp for the plist, plist_strings and xcstrings filetypes')
  else
    log('FAIL', 'lsp/plist_lsp.lua: ' .. vim.inspect(config))
  end
  -- Files without an <?xml line: 0.7 alone would give them no filetype at all.
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  for _, name in ipairs({ 'App.entitlements', 'PrivacyInfo.xcprivacy', 'Settings.plist' }) do
    local path = dir .. '/' .. name
    vim.fn.writefile({ '<plist version="1.0">', '<dict>', '</dict>', '</plist>' }, path)
    vim.cmd('edit ' .. vim.fn.fnameescape(path))
    local b = vim.api.nvim_get_current_buf()
    if vim.bo[b].filetype ~= 'plist' then
      log('FAIL', name .. ' has filetype ' .. vim.inspect(vim.bo[b].filetype))
    else
      local c = wait_client(b)
      if c then log('PASS', name .. ': filetype plist, plist-lsp attached')
      else log('FAIL', name .. ': filetype plist but plist-lsp did not attach within 40 s') end
    end
  end
end

function checks.diagnostics(client)
  local want = {
    -- line 10: after "Snap 📷" (4 UTF-8 bytes, 2 UTF-16 units), so the column proves the
    -- position encoding round trip. vim.diagnostic columns are 0-based bytes.
    { code = 'plist-invalid-integer', lnum = 9, col = 65 },
    { code = 'plist-key-without-value', lnum = 10, col = 1 },
  }
  local ok = vim.wait(40000, function()
    for _, w in ipairs(want) do
      if not find_diagnostic(function(d) return code_of(d) == w.code end) then return false end
    end
    return true
  end, 50)
  local all = vim.diagnostic.get(bufnr)
  if not ok then
    return log('FAIL', 'expected diagnostics did not arrive within 40 s; got ' .. describe(all))
  end
  for _, w in ipairs(want) do
    local d = find_diagnostic(function(x) return code_of(x) == w.code end)
    if d.lnum == w.lnum and d.col == w.col then
      log('PASS', string.format('%s at line %d, byte column %d', w.code, w.lnum + 1, w.col))
    else
      log('FAIL', string.format('%s at %d:%d, expected %d:%d', w.code, d.lnum + 1, d.col, w.lnum + 1, w.col))
    end
  end
end

function checks.hover(client)
  if not require_capability(client, 'hoverProvider') then return end
  -- Cursor on "UIRequiredDeviceCapabilities" (line 12, inside the key text).
  local result, err = request('textDocument/hover', position_params(client, 12, 12))
  if err then return log('FAIL', err) end
  if not result or not result.contents then return log('FAIL', 'hover returned nothing on UIRequiredDeviceCapabilities') end
  local text = flatten_hover(result.contents)
  if text:find('Required device capabilities', 1, true) and text:find('UIRequiredDeviceCapabilities', 1, true) then
    log('PASS', 'hover on UIRequiredDeviceCapabilities shows its docs')
  else
    log('FAIL', 'hover text lacks the key docs: ' .. vim.inspect(text))
  end
  if type(result.contents) == 'table' and result.contents.kind and result.contents.kind ~= 'markdown' then
    log('FAIL', 'hover is ' .. result.contents.kind .. ', expected markdown')
  end
end

function checks.completion(client)
  if not require_capability(client, 'completionProvider') then return end
  -- Type a new top-level key "NSCam" after <dict> (line 5) and ask for completion after it.
  vim.api.nvim_buf_set_lines(bufnr, 4, 4, true, { '\t<key>NSCam</key>', '\t<string></string>' })
  local params = position_params(client, 5, 11)
  params.context = { triggerKind = 1 }
  local result, err = request('textDocument/completion', params)
  if err then return log('FAIL', err) end
  local items = result and (result.items or result) or {}
  local labels = {}
  for _, item in ipairs(items) do
    local text = item.textEdit and item.textEdit.newText or item.insertText or item.label
    if item.label == 'NSCameraUsageDescription' or (text and text:find('NSCameraUsageDescription', 1, true)) then
      log('PASS', 'completion offers NSCameraUsageDescription (' .. #items .. ' items)')
      -- Accept it as a completion plugin does: apply its textEdit (or insert its text).
      if item.textEdit then
        local edit = item.textEdit
        if edit.insert then edit = { range = edit.insert, newText = edit.newText } end
        vim.lsp.util.apply_text_edits({ edit }, bufnr, client.offset_encoding)
      else
        vim.api.nvim_buf_set_text(bufnr, 4, 6, 4, 11, { item.insertText or item.label })
      end
      local line = vim.api.nvim_buf_get_lines(bufnr, 4, 5, true)[1]
      if line == '\t<key>NSCameraUsageDescription</key>' then
        log('PASS', 'accepting it gives ' .. vim.inspect(line))
      else
        log('FAIL', 'accepting it gives ' .. vim.inspect(line))
      end
      return
    end
    if #labels < 10 then table.insert(labels, item.label) end
  end
  log('FAIL', 'NSCameraUsageDescription not among ' .. #items .. ' completion items: ' .. table.concat(labels, ', '))
end

function checks.outline(client)
  if not require_capability(client, 'documentSymbolProvider') then return end
  local result, err = request('textDocument/documentSymbol', { textDocument = vim.lsp.util.make_text_document_params(bufnr) })
  if err then return log('FAIL', err) end
  local by_name = {}
  for _, s in ipairs(result or {}) do by_name[s.name] = s end
  -- Array items are named by what they hold, not "Item 0".
  local caps = by_name['UIRequiredDeviceCapabilities']
  local names = {}
  for _, child in ipairs(caps and caps.children or {}) do table.insert(names, child.name) end
  if vim.deep_equal(names, { 'armv7', 'still-camera' }) then
    log('PASS', 'the items of UIRequiredDeviceCapabilities are named armv7, still-camera')
  else
    log('FAIL', 'the items of UIRequiredDeviceCapabilities are named ' .. vim.inspect(names))
  end
  -- This Neovim shows inlay hints from 0.10 on; before, the Xcode name leads the symbol's detail.
  local detail = by_name['CFBundleIdentifier'] and by_name['CFBundleIdentifier'].detail
  local expected = vim.fn.has('nvim-0.10') == 1 and 'string · Bundle identifier' or 'Bundle identifier · string'
  if detail == expected then
    log('PASS', 'CFBundleIdentifier has the detail ' .. vim.inspect(detail))
  else
    log('FAIL', 'CFBundleIdentifier has the detail ' .. vim.inspect(detail) .. ', expected ' .. vim.inspect(expected))
  end
end

function checks.quickfix(client)
  local ok = vim.wait(40000, function() return find_diagnostic(is_camera_usage) ~= nil end, 50)
  if not ok then
    return log('FAIL', 'no diagnostic about a missing NSCameraUsageDescription within 40 s; got '
      .. describe(vim.diagnostic.get(bufnr)))
  end
  local d = find_diagnostic(is_camera_usage)
  log('PASS', 'missing-usage diagnostic ' .. code_of(d) .. ' at line ' .. (d.lnum + 1))
  if not require_capability(client, 'codeActionProvider') then return end
  -- What a user does: cursor on the diagnostic, vim.lsp.buf.code_action(), pick the fix in the
  -- menu (vim.ui.select, answered here). Neovim then applies the edit, runs the command or
  -- resolves the action itself.
  local before = vim.api.nvim_buf_line_count(bufnr)
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local offered, chosen
  vim.ui.select = function(items, _, on_choice)
    offered = {}
    for i, item in ipairs(items) do
      local action = item.action or item[2]
      table.insert(offered, action.title)
      if not chosen and action.title:find('^Add NSCameraUsageDescription') then chosen = action; on_choice(item, i) end
    end
    if not chosen then on_choice(nil) end
  end
  vim.lsp.buf.code_action({ context = { only = { 'quickfix' } } })
  local changed = vim.wait(10000, function()
    return chosen ~= nil and vim.api.nvim_buf_line_count(bufnr) ~= before
  end, 50)
  if not offered then return log('FAIL', 'no code action menu within 10 s (no quick-fixes offered?)') end
  if not chosen then
    return log('FAIL', 'no "Add NSCameraUsageDescription" quick-fix among: ' .. table.concat(offered, ' | '))
  end
  if chosen.kind and chosen.kind ~= 'quickfix' and not chosen.kind:find('^quickfix%.') then
    log('FAIL', 'the action has kind ' .. chosen.kind .. ', expected quickfix')
  end
  if not changed then return log('FAIL', 'choosing "' .. chosen.title .. '" did not change the buffer within 10 s') end
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true), '\n')
  if not text:find('<key>NSCameraUsageDescription</key>%s*<string>[^<]*</string>') then
    return log('FAIL', 'after the fix the buffer lacks <key>NSCameraUsageDescription</key><string>…</string>:\n' .. text)
  end
  if not text:find('<dict>.*<key>NSCameraUsageDescription</key>.*</dict>%s*</plist>') then
    return log('FAIL', 'NSCameraUsageDescription was not inserted inside the top-level <dict>:\n' .. text)
  end
  log('PASS', 'the quick-fix inserted NSCameraUsageDescription (' .. before .. ' → '
    .. vim.api.nvim_buf_line_count(bufnr) .. ' lines)')
  -- The server re-checks the edited buffer: the missing-usage diagnostic goes away, nothing new breaks.
  local gone = vim.wait(40000, function() return find_diagnostic(is_camera_usage) == nil end, 50)
  if not gone then return log('FAIL', 'the missing-usage diagnostic is still there after the fix') end
  local broken = find_diagnostic(function(x) return code_of(x):find('^xml%-') ~= nil end)
  if broken then return log('FAIL', 'the fix broke the XML: ' .. describe({ broken })) end
  log('PASS', 'after the fix the diagnostic is gone: ' .. describe(vim.diagnostic.get(bufnr)))
end

-- A translation of an Info.plist (issue #31): the buffer is a copy of a real InfoPlist.strings
-- whose last entry lost its ';'; the filetype is plist_strings and plist-lsp reports l10n-syntax
-- at the end of that entry's value (PLIST_LSP_L10N_LINE, 1-based; PLIST_LSP_L10N_COL, 0-based bytes).
function checks.l10n(client)
  if vim.bo[bufnr].filetype ~= 'plist_strings' then
    return log('FAIL', 'filetype ' .. vim.inspect(vim.bo[bufnr].filetype) .. ', expected plist_strings')
  end
  local line, col = tonumber(os.getenv('PLIST_LSP_L10N_LINE')), tonumber(os.getenv('PLIST_LSP_L10N_COL'))
  local ok = vim.wait(40000, function()
    return find_diagnostic(function(d) return code_of(d) == 'l10n-syntax' end) ~= nil
  end, 50)
  if not ok then return log('FAIL', 'no l10n-syntax diagnostic within 40 s; got ' .. describe(vim.diagnostic.get(bufnr))) end
  local d = find_diagnostic(function(x) return code_of(x) == 'l10n-syntax' end)
  if d.lnum + 1 ~= line or d.col ~= col then
    return log('FAIL', string.format('l10n-syntax at %d:%d, expected %d:%d', d.lnum + 1, d.col, line, col))
  end
  local xml = find_diagnostic(function(x) return code_of(x):find('^xml%-') ~= nil end)
  if xml then return log('FAIL', 'the strings file was read as XML: ' .. describe({ xml })) end
  log('PASS', string.format('filetype plist_strings; l10n-syntax at line %d, byte column %d: %s', line, col, d.message))
end

local function run()
  local client = wait_client(bufnr)
  if not client then
    log('FAIL', 'plist-lsp did not attach to ' .. vim.api.nvim_buf_get_name(bufnr) .. ' within 40 s (filetype '
      .. vim.inspect(vim.bo[bufnr].filetype) .. ')')
    return finish()
  end
  local fn = checks[check]
  if not fn then
    log('FAIL', 'unknown check ' .. check)
  else
    local ok, e = pcall(fn, client)
    if not ok then log('FAIL', 'error: ' .. tostring(e)) end
  end
  finish()
end

vim.schedule(run)
