-- plist-lsp's own 'omnifunc', for every Neovim from 0.7 on: the built-in `vim.lsp.omnifunc` cannot
-- complete plist keys safely. Before 0.11:
--   * it inserts an item's `textEdit.newText` as the completion *word*, and Vim stores a line break
--     in a word as a NUL byte (`<key>NSCameraUsageDescription</key>^@ <string></string>`);
--   * it keeps only items whose word starts with the keyword before the cursor, so an Xcode display
--     name (`<key>Privacy - Cam`) finds nothing although the server answered it.
-- This one asks the server, starts the completion where each item's `textEdit` range starts (so
-- `Privacy - Cam` is replaced by `NSCameraUsageDescription`), trusts the server's filtering (which
-- matches raw names and Xcode names, the item's `filterText`), and inserts one line only: an item
-- whose text spans lines is inserted up to its first line break, and the rest is applied as a
-- buffer edit once the item is accepted (CompleteDone). Text the range covers after the cursor is
-- removed then too. On 0.11 the built-in omnifunc inserts a snippet item's label and applies
-- nothing more (its CompleteDone handling belongs to `vim.lsp.completion.enable`), so
-- `<key>NSCam` became `<key>NSCameraUsageDescription` with no `</key>`; and it ignores the item's
-- range, so `<key>NSCa|mera</key>` became `<key>NSCameraUsageDescriptionmera</key>`.
--
--   vim.bo.omnifunc = "v:lua.require'plist_lsp.complete'.omnifunc"   -- setup() does this
--   vim.opt.completeopt = { 'menuone', 'noinsert' }                   -- recommended: <CR> accepts
local M = {}

--- How long (ms) <C-x><C-o> waits for the server.
M.timeout = 2000

-- The request made by the findstart call, read by the second call and by CompleteDone.
local pending = nil

--- Byte column in `line` of an LSP `character` counted in `encoding`.
local function byte_col(line, character, encoding)
  if encoding == 'utf-8' then return math.min(character, #line) end
  local ok, col
  if vim.fn.has('nvim-0.11') == 1 then
    ok, col = pcall(vim.str_byteindex, line, encoding, character, false)
  else
    ok, col = pcall(vim.str_byteindex, line, character, encoding ~= 'utf-32')
  end
  if ok and col then return col end
  return #line
end

--- A snippet's text without its tab stops and placeholders (only when a user declares snippets).
local function plain_snippet(text)
  if vim.lsp.util.parse_snippet then
    local ok, parsed = pcall(vim.lsp.util.parse_snippet, text)
    if ok and type(parsed) == 'string' then return parsed end
  end
  text = text:gsub('%${%d+|([^,|]*)[^}]*}', '%1'):gsub('%${%d+:([^}]*)}', '%1'):gsub('%$%d+', '')
  return (text:gsub('\\([%$}\\])', '%1'))
end

local function documentation(item)
  local doc = item.documentation
  if type(doc) == 'string' then return doc end
  if type(doc) == 'table' and type(doc.value) == 'string' then return doc.value end
  return ''
end

local function kind_name(kind)
  local name = kind and vim.lsp.protocol.CompletionItemKind[kind]
  return type(name) == 'string' and name or ''
end

--- The proposals at the cursor, each as { item, start, finish (byte columns on the cursor's line), text }.
local function request(bufnr, row, col, line)
  local params
  if vim.fn.has('nvim-0.11') == 1 then
    -- 0.11 wants the encoding named (else a warning); every plist-lsp client of a buffer has one.
    local clients = vim.lsp.get_clients({ bufnr = bufnr, method = 'textDocument/completion' })
    params = vim.lsp.util.make_position_params(0, clients[1] and clients[1].offset_encoding or 'utf-16')
  else
    params = vim.lsp.util.make_position_params()
  end
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, M.timeout) or {}
  local proposals = {}
  for client_id, response in pairs(responses) do
    local result = response.result
    local client = vim.lsp.get_client_by_id(client_id)
    local encoding = client and client.offset_encoding or 'utf-16'
    if type(result) ~= 'table' then result = {} end -- null (vim.NIL) or an error
    for _, item in ipairs(result.items or result) do
      local start, finish, text = col, col, item.insertText or item.label
      local edit = item.textEdit
      local usable = true
      if edit then
        local range = edit.range or edit.insert -- TextEdit or InsertReplaceEdit
        text = edit.newText
        if range.start.line == row - 1 and range['end'].line == row - 1 then
          start = math.min(byte_col(line, range.start.character, encoding), col)
          finish = math.max(byte_col(line, range['end'].character, encoding), col)
        else
          usable = false -- an edit of other lines cannot be a completion of this one
        end
      end
      if item.insertTextFormat == 2 then text = plain_snippet(text) end
      if usable and text ~= '' then
        table.insert(proposals, { item = item, start = start, finish = finish, text = text })
      end
    end
  end
  table.sort(proposals, function(a, b)
    return (a.item.sortText or a.item.label) < (b.item.sortText or b.item.label)
  end)
  return proposals
end

--- The 'omnifunc': findstart=1 asks the server and returns where the completion starts; then the
--- complete-items, each a single line.
function M.omnifunc(findstart, base)
  if findstart == 1 then
    local bufnr = vim.api.nvim_get_current_buf()
    local cursor = vim.api.nvim_win_get_cursor(0)
    local row, col = cursor[1], cursor[2]
    local line = vim.api.nvim_get_current_line()
    local proposals = request(bufnr, row, col, line)
    local start = col
    for _, p in ipairs(proposals) do start = math.min(start, p.start) end
    pending = { bufnr = bufnr, row = row, col = col, line = line, start = start, proposals = proposals }
    return start
  end
  local words = {}
  if not pending then return words end
  for index, p in ipairs(pending.proposals) do
    -- Items whose range starts later keep the text between the common start and their start.
    local full = pending.line:sub(pending.start + 1, p.start) .. p.text
    local word = full:match('^[^\r\n]*')
    local menu = {}
    if p.item.labelDetails and p.item.labelDetails.description then table.insert(menu, p.item.labelDetails.description) end
    if p.item.detail then table.insert(menu, p.item.detail) end
    table.insert(words, {
      word = word,
      abbr = p.item.label,
      kind = kind_name(p.item.kind),
      menu = table.concat(menu, ' · '),
      info = documentation(p.item),
      icase = 1,
      dup = 1,
      empty = 1,
      user_data = { plist_lsp = index },
    })
  end
  -- The server narrows the list as the text grows: ask it again on every change.
  return { words = words, refresh = 'always' }
end

--- CompleteDone: finish an accepted item as an edit — the rest of a multi-line text, and the text
--- its range covers after the cursor. Only when the buffer still holds the word where it was put.
function M.complete_done()
  local state = pending
  local completed = vim.v.completed_item
  local data = type(completed) == 'table' and completed.user_data
  if not state or type(data) ~= 'table' or not data.plist_lsp then return end
  local p = state.proposals[data.plist_lsp]
  if not p or vim.api.nvim_get_current_buf() ~= state.bufnr then return end
  local full = state.line:sub(state.start + 1, p.start) .. p.text
  local word = completed.word
  local after = state.line:sub(state.col + 1, p.finish) -- what the range covered after the cursor
  if full == word and after == '' then return end
  local row = state.row - 1
  local current = vim.api.nvim_buf_get_lines(state.bufnr, row, row + 1, false)[1] or ''
  local word_end = state.start + #word
  if current:sub(state.start + 1, word_end) ~= word or current:sub(word_end + 1, word_end + #after) ~= after then
    return -- the buffer changed in a way this edit did not foresee: leave it alone
  end
  local lines = vim.split((full:gsub('\r\n?', '\n')), '\n', { plain = true })
  vim.api.nvim_buf_set_text(state.bufnr, row, state.start, row, word_end + #after, lines)
  local last = row + #lines
  local last_col = (#lines == 1 and state.start or 0) + #lines[#lines]
  pcall(vim.api.nvim_win_set_cursor, 0, { last, last_col })
end

--- Uses this completion in `bufnr`: sets 'omnifunc' and the CompleteDone handler.
function M.attach(bufnr)
  vim.bo[bufnr].omnifunc = "v:lua.require'plist_lsp.complete'.omnifunc"
  local group = vim.api.nvim_create_augroup('plist_lsp_complete_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('CompleteDone', {
    group = group,
    buffer = bufnr,
    callback = function()
      local ok, err = pcall(M.complete_done)
      if not ok then vim.notify('plist-lsp completion: ' .. tostring(err), vim.log.levels.WARN) end
    end,
  })
end

return M
