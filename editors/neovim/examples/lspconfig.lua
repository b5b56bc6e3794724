-- plist-lsp with nvim-lspconfig. Keep editors/neovim on 'runtimepath' for the 'plist' filetype
-- (ftdetect/plist.vim), then:
local configs = require('lspconfig.configs')
if not configs.plist_lsp then
  configs.plist_lsp = {
    default_config = {
      cmd = { 'plist-lsp' }, -- or { '/path/to/plist-lsp' }
      filetypes = { 'plist', 'plist_strings', 'xcstrings' },
      root_dir = require('lspconfig.util').root_pattern('.git', 'Package.swift', 'project.yml'),
      single_file_support = true,
      init_options = { settings = {}, pushDiagnostics = true }, -- server settings at start; pushed diagnostics
      settings = { plist = {} }, -- the same, for workspace/didChangeConfiguration
    },
  }
end
require('lspconfig').plist_lsp.setup({})
