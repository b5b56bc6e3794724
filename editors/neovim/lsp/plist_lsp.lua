-- plist-lsp for Neovim 0.11+ (`vim.lsp.config` / `vim.lsp.enable`). With this directory on
-- 'runtimepath', `vim.lsp.enable('plist_lsp')` is all it takes; override with
-- `vim.lsp.config('plist_lsp', { cmd = { '/path/to/plist-lsp' }, settings = { plist = { … } } })`.
-- The server reads settings from `init_options.settings` at start and from
-- `settings.plist` in workspace/didChangeConfiguration.
return {
  cmd = { 'plist-lsp' },
  filetypes = { 'plist', 'plist_strings', 'xcstrings' },
  root_markers = { '.git', 'Package.swift', 'project.yml', '.hg' },
  -- pushDiagnostics: 0.11 pulls only after a change and cannot be asked to pull again.
  init_options = { settings = {}, pushDiagnostics = true },
  settings = { plist = {} },
}
