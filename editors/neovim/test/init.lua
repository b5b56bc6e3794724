-- A minimal Neovim configuration that uses editors/neovim as a user would: the directory on
-- 'runtimepath' and `require('plist_lsp').setup{}`. Used by the headless editor tests:
--   nvim --headless -i NONE -u editors/neovim/test/init.lua -c 'luafile editors/neovim/test/check.lua' FILE
-- Environment: PLIST_LSP_BINARY (the server), PLIST_LSP_NVIM_API (force an API, default auto).
local this = debug.getinfo(1, 'S').source:sub(2)
local plugin = vim.fn.fnamemodify(this, ':p:h:h')
vim.opt.runtimepath:prepend(plugin)
vim.opt.swapfile = false
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')

require('plist_lsp').setup({
  cmd = { os.getenv('PLIST_LSP_BINARY') or 'plist-lsp' },
  api = os.getenv('PLIST_LSP_NVIM_API') or 'auto',
  settings = {},
})
