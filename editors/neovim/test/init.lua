-- A minimal Neovim configuration that uses editors/neovim as a user would: the directory on
-- 'runtimepath' and `require('plist_lsp').setup{}`. Used by the headless editor tests:
--   nvim --headless -i NONE -u editors/neovim/test/init.lua -c 'luafile editors/neovim/test/check.lua' FILE
-- Environment: PLIST_LSP_BINARY (the server), PLIST_LSP_NVIM_API (force an API, default auto),
-- PLIST_LSP_READY (a file written once the server is attached: the terminal tests wait for it),
-- PLIST_LSP_TEST_EDITS=1 (declare insertReplaceSupport, as completion plugins' capabilities do, so
-- the server sends multi-line items: the omnifunc must apply them as edits),
-- PLIST_LSP_TEST_COMPLETEOPT (another 'completeopt', e.g. 0.7's default `menu,preview`),
-- PLIST_LSP_TEST_OMNIFUNC (the setup() `omnifunc` option: `lsp` for the built-in one).
local this = debug.getinfo(1, 'S').source:sub(2)
local plugin = vim.fn.fnamemodify(this, ':p:h:h')
vim.opt.runtimepath:prepend(plugin)
vim.opt.swapfile = false
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')
-- As docs/editors.md recommends: the popup even for one item, <CR> accepts the selected item.
vim.opt.completeopt = { 'menuone', 'noinsert' }
if os.getenv('PLIST_LSP_TEST_COMPLETEOPT') then vim.o.completeopt = os.getenv('PLIST_LSP_TEST_COMPLETEOPT') end

local capabilities = nil
if os.getenv('PLIST_LSP_TEST_EDITS') == '1' then
  capabilities = vim.lsp.protocol.make_client_capabilities()
  capabilities.textDocument.completion.completionItem.insertReplaceSupport = true
end

require('plist_lsp').setup({
  capabilities = capabilities,
  cmd = { os.getenv('PLIST_LSP_BINARY') or 'plist-lsp' },
  api = os.getenv('PLIST_LSP_NVIM_API') or 'auto',
  omnifunc = os.getenv('PLIST_LSP_TEST_OMNIFUNC') or true,
  settings = {},
  on_attach = function()
    local ready = os.getenv('PLIST_LSP_READY')
    if ready then
      local f = io.open(ready, 'w')
      if f then f:write('attached\n'); f:close() end
    end
  end,
})
