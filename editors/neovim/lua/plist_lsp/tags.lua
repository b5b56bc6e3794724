-- plist-lsp's tag editing for Neovim 0.7 and later, which implement none of it natively (no
-- textDocument/onTypeFormatting, no textDocument/linkedEditingRange before 0.12):
--   * the close tag as the `>` of a start tag is typed: `<string>` leaves `</string>` after the
--     cursor (the server's textDocument/onTypeFormatting answer, applied with the cursor kept
--     where it was, between the tags);
--   * `%` on a tag name jumps to the matching tag (plist/matchingTag); elsewhere `%` as usual;
--   * :PlistRenameTag {name} renames the element under the cursor in both its tags
--     (textDocument/linkedEditingRange);
--   * the tag pair under the cursor is highlighted when the cursor rests (documentHighlight).
-- setup() attaches it (option `tags = false` turns it off).
local M = {}

--- How long (ms) the editor waits for the server's close tag. The server answers in a few ms; the
--- bound only matters on a loaded machine, where an answer given up on leaves the `</string>` just
--- typed in front of the one added for `<string>` (the server removes that duplicate when it
--- answers): a longer wait there is better than a duplicate. Completion waits 2 s for the same reason.
M.timeout = 3000

local function client_of(bufnr)
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  for _, client in pairs(get({ bufnr = bufnr })) do
    if client.name == 'plist_lsp' then return client end
  end
  return nil
end

local function position_params(bufnr)
  local client = client_of(bufnr)
  local encoding = client and client.offset_encoding or 'utf-16'
  if vim.fn.has('nvim-0.11') == 1 then return vim.lsp.util.make_position_params(0, encoding), encoding end
  return vim.lsp.util.make_position_params(), encoding
end

local function request_sync(bufnr, method, params)
  local client = client_of(bufnr)
  if not client then return nil end
  local response
  if vim.fn.has('nvim-0.11') == 1 then
    response = client:request_sync(method, params, M.timeout, bufnr)
  else
    response = client.request_sync(method, params, M.timeout, bufnr)
  end
  if not response or response.err then return nil end
  return response.result
end

--- After a `>` typed in insert mode: the server's close tag, the cursor left before it.
function M.close_tag(bufnr)
  local params, encoding = position_params(bufnr)
  params.ch = '>'
  params.options = { tabSize = vim.bo[bufnr].shiftwidth, insertSpaces = vim.bo[bufnr].expandtab }
  local edits = request_sync(bufnr, 'textDocument/onTypeFormatting', params)
  if type(edits) ~= 'table' or #edits == 0 then return end
  local cursor = vim.api.nvim_win_get_cursor(0)
  vim.lsp.util.apply_text_edits(edits, bufnr, encoding)
  pcall(vim.api.nvim_win_set_cursor, 0, cursor)
end

--- Jumps to the tag matching the one under the cursor; `%` as usual when there is none.
function M.matching_tag()
  local bufnr = vim.api.nvim_get_current_buf()
  local params, encoding = position_params(bufnr)
  local result = request_sync(bufnr, 'plist/matchingTag', params)
  if type(result) ~= 'table' or result.line == nil then
    vim.cmd('normal! %')
    return
  end
  local line = vim.api.nvim_buf_get_lines(bufnr, result.line, result.line + 1, false)[1] or ''
  local col = result.character
  if encoding ~= 'utf-8' then
    local ok, byte
    if vim.fn.has('nvim-0.11') == 1 then
      ok, byte = pcall(vim.str_byteindex, line, encoding, col, false)
    else
      ok, byte = pcall(vim.str_byteindex, line, col, encoding == 'utf-16')
    end
    col = ok and byte or col
  end
  vim.cmd("normal! m'")
  vim.api.nvim_win_set_cursor(0, { result.line + 1, col })
end

--- Renames the element under the cursor in its start and end tag.
function M.rename_tag(name)
  local bufnr = vim.api.nvim_get_current_buf()
  if not name or not name:match('^[A-Za-z_:][-A-Za-z0-9_.:]*$') then
    vim.notify('plist-lsp: not an element name: ' .. tostring(name), vim.log.levels.ERROR)
    return
  end
  local params, encoding = position_params(bufnr)
  local result = request_sync(bufnr, 'textDocument/linkedEditingRange', params)
  if type(result) ~= 'table' or type(result.ranges) ~= 'table' then
    vim.notify('plist-lsp: the cursor is on no tag with a matching tag', vim.log.levels.WARN)
    return
  end
  local edits = {}
  for _, range in ipairs(result.ranges) do table.insert(edits, { range = range, newText = name }) end
  vim.lsp.util.apply_text_edits(edits, bufnr, encoding)
end

--- Uses tag editing in `bufnr`.
function M.attach(bufnr)
  -- An insert-mode `>` that inserts itself, then asks for the close tag at once: a `<Cmd>` runs in
  -- order with the keys typed after it (a TextChangedI autocmd waits for typeahead to drain, and
  -- the server's answer was then made for `<string>x`, not `<string>`).
  vim.keymap.set('i', '>', "><Cmd>lua require('plist_lsp.tags').close_tag(" .. bufnr .. ")<CR>",
    { buffer = bufnr, silent = true, desc = 'plist-lsp: close tag' })
  local group = vim.api.nvim_create_augroup('plist_lsp_tags_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('CursorHold', {
    group = group,
    buffer = bufnr,
    callback = function()
      vim.lsp.buf.clear_references()
      pcall(vim.lsp.buf.document_highlight)
    end,
  })
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'InsertEnter' }, {
    group = group,
    buffer = bufnr,
    callback = function() vim.lsp.buf.clear_references() end,
  })
  vim.keymap.set('n', '%', M.matching_tag, { buffer = bufnr, desc = 'plist-lsp: matching tag' })
  vim.api.nvim_buf_create_user_command(bufnr, 'PlistRenameTag', function(args) M.rename_tag(args.args) end,
    { nargs = 1, desc = 'plist-lsp: rename the element under the cursor in both tags' })
end

return M
