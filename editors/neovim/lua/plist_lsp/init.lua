-- plist-lsp for Neovim: starts and attaches the plist-lsp language server to property-list
-- buffers (filetype 'plist': *.plist, *.entitlements, *.xcprivacy).
--
--   require('plist_lsp').setup({
--     cmd = { '/path/to/plist-lsp' },   -- default { 'plist-lsp' } (found on $PATH)
--     settings = {},                    -- server settings, see docs/editors.md
--   })
--
-- It picks the best client API this Neovim has:
--   'config'        vim.lsp.config + vim.lsp.enable  (Neovim 0.11+)
--   'start'         vim.lsp.start from a FileType autocmd (Neovim 0.8+)
--   'start_client'  vim.lsp.start_client + vim.lsp.buf_attach_client (Neovim 0.7)
-- Force one with `api = '...'`.
local M = {}

M.name = 'plist_lsp'
M.filetypes = { 'plist', 'plist_strings', 'xcstrings' }
M.extensions = { 'plist', 'entitlements', 'xcprivacy', 'mobileconfig' }
M.root_markers = { '.git', 'Package.swift', 'project.yml', '.hg' }

local defaults = {
  cmd = nil, -- { server_path, ... }; built from server_path when nil
  server_path = 'plist-lsp',
  settings = {},
  filetypes = M.filetypes,
  root_markers = M.root_markers,
  on_attach = nil,
  capabilities = nil,
  -- 'omnifunc' on attach (the XML ftplugin sets its own): true = 'plist', ours (see
  -- lua/plist_lsp/complete.lua: the built-in one damages plist completions on 0.7 and on 0.11);
  -- 'lsp' forces the built-in vim.lsp.omnifunc; false leaves it alone.
  omnifunc = true,
  api = 'auto',
  detect_filetype = true,
  -- Binary property lists (bplist00, recognised by their first bytes) are shown as XML and saved
  -- as binary again through `plist-lsp convert` (lua/plist_lsp/binary.lua); false turns it off.
  binary_plists = true,
  -- Tag editing (lua/plist_lsp/tags.lua): the close tag as `>` is typed, `%` between a tag pair,
  -- :PlistRenameTag, the pair highlighted; false turns it off.
  tags = true,
}

M.options = vim.deepcopy(defaults)

--- The client API this Neovim offers, best first.
function M.best_api()
  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then return 'config' end
  if vim.lsp.start ~= nil then return 'start' end
  return 'start_client'
end

local function command(opts)
  if opts.cmd then return opts.cmd end
  return { opts.server_path }
end

--- Directory containing one of the markers, searching upward from `path`; else `path`'s directory.
function M.find_root(path, markers)
  local uv = vim.loop or vim.uv
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local current = dir
  while current and current ~= '' do
    for _, marker in ipairs(markers or M.root_markers) do
      if uv.fs_stat(current .. '/' .. marker) then return current end
    end
    local parent = vim.fn.fnamemodify(current, ':h')
    if parent == current then break end
    current = parent
  end
  return dir
end

--- The settings as the server expects them: `initializationOptions.settings` at start,
--- `{ plist = settings }` in workspace/didChangeConfiguration. `pushDiagnostics`: Neovim 0.10+
--- pulls a buffer's diagnostics only after a change and cannot be asked to pull again (it has no
--- `workspace/diagnostic/refresh`), so after a save that had the server read the projects again
--- (an .xcconfig that appeared) the findings stayed stale; pushed, they follow.
local function init_options(opts)
  return { settings = opts.settings or {}, pushDiagnostics = true }
end

local function client_settings(opts)
  return { plist = opts.settings or {} }
end

--- The completion 'omnifunc' uses: 'plist' (ours, lua/plist_lsp/complete.lua) unless forced.
--- The built-in `vim.lsp.omnifunc` damages plist completions on every version: before 0.11 it
--- inserts `textEdit.newText` as a word (a line break becomes a NUL byte); on 0.11 it inserts the
--- label of a snippet item and never applies the rest (`<key>NSCam` became
--- `<key>NSCameraUsageDescription` with no `</key>`) and ignores the item's range
--- (`<key>NSCa|mera</key>` became `NSCameraUsageDescriptionmera`). docs/editors.md has the model.
function M.omnifunc_kind(option)
  if option == 'plist' or option == 'lsp' then return option end
  if not option then return nil end
  return 'plist'
end

local function on_attach(opts)
  return function(client, bufnr)
    local kind = M.omnifunc_kind(opts.omnifunc)
    if kind == 'plist' then
      require('plist_lsp.complete').attach(bufnr)
    elseif kind == 'lsp' then
      vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
    end
    if opts.tags and vim.bo[bufnr].filetype == 'plist' then require('plist_lsp.tags').attach(bufnr) end
    if opts.on_attach then opts.on_attach(client, bufnr) end
  end
end

--- A client configuration for vim.lsp.start / start_client (also used by the lspconfig snippet).
function M.client_config(opts, root_dir)
  opts = opts or M.options
  local config = {
    name = M.name,
    cmd = command(opts),
    root_dir = root_dir,
    init_options = init_options(opts),
    settings = client_settings(opts),
    on_attach = on_attach(opts),
    capabilities = opts.capabilities,
  }
  if root_dir then
    config.workspace_folders = { { uri = vim.uri_from_fname(root_dir), name = root_dir } }
  end
  return config
end

local function buffer_path(bufnr)
  if vim.bo[bufnr].buftype ~= '' then return nil end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then return nil end
  return name
end

-- Neovim 0.7: one client per root directory, attached by hand.
local started = {}

local function attach_0_7(bufnr)
  local path = buffer_path(bufnr)
  if not path then return end
  local root = M.find_root(path, M.options.root_markers)
  local id = started[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(M.client_config(M.options, root))
    if not id then
      vim.notify('plist-lsp: could not start ' .. table.concat(command(M.options), ' '), vim.log.levels.ERROR)
      return
    end
    started[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

local function attach_0_8(bufnr)
  local path = buffer_path(bufnr)
  if not path then return end
  local root = M.find_root(path, M.options.root_markers)
  vim.lsp.start(M.client_config(M.options, root), { bufnr = bufnr })
end

local function on_filetype(attach)
  local group = vim.api.nvim_create_augroup('plist_lsp_start', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args) attach(args.buf) end,
  })
  -- Buffers opened before setup() was called.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr)
      and vim.tbl_contains(M.options.filetypes, vim.bo[bufnr].filetype) then
      attach(bufnr)
    end
  end
end

local function register_filetypes()
  if vim.filetype and vim.filetype.add then
    -- Neovim 0.8+ (and 0.7 with g:do_filetype_lua); ftdetect/plist.vim covers the rest.
    vim.filetype.add({
      extension = { plist = 'plist', entitlements = 'plist', xcprivacy = 'plist', mobileconfig = 'plist' },
      pattern = { ['.*%.lproj/.*InfoPlist%.strings'] = 'plist_strings', ['.*InfoPlist%.xcstrings'] = 'xcstrings' },
    })
  end
  -- Tree-sitter (0.9+): highlight 'plist' buffers with the XML parser when it is installed.
  if vim.treesitter and vim.treesitter.language and vim.treesitter.language.register then
    pcall(vim.treesitter.language.register, 'xml', 'plist')
  end
end

--- Starts plist-lsp for property-list buffers. Options: see the top of this file.
function M.setup(opts)
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  if opts and opts.settings then M.options.settings = opts.settings end
  if M.options.detect_filetype then register_filetypes() end

  if M.options.binary_plists then require('plist_lsp.binary').setup(command(M.options)[1]) end

  local api = M.options.api
  if api == 'auto' then api = M.best_api() end
  M.api = api
  if api == 'config' then
    local config = M.client_config(M.options, nil)
    config.root_dir = nil
    config.workspace_folders = nil
    config.filetypes = M.options.filetypes
    config.root_markers = M.options.root_markers
    vim.lsp.config(M.name, config)
    vim.lsp.enable(M.name)
  elseif api == 'start' then
    on_filetype(attach_0_8)
  elseif api == 'start_client' then
    on_filetype(attach_0_7)
  else
    error("plist_lsp.setup: api must be 'auto', 'config', 'start' or 'start_client', not " .. tostring(api))
  end
end

--- Sends new settings to every running plist-lsp client (workspace/didChangeConfiguration).
function M.update_settings(settings)
  M.options.settings = settings or {}
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  for _, client in pairs(get()) do
    if client.name == M.name then
      client.config.settings = client_settings(M.options)
      local params = { settings = client_settings(M.options) }
      if vim.fn.has('nvim-0.11') == 1 then
        client:notify('workspace/didChangeConfiguration', params)
      else
        client.notify('workspace/didChangeConfiguration', params)
      end
    end
  end
end

return M
