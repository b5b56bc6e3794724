-- The Neovim 0.11+ path (`vim.lsp.config` / `vim.lsp.enable`) checked on any Neovim, 0.7 included:
-- `vim.lsp.config`, `vim.lsp.enable`, `vim.lsp.completion`, `vim.lsp.get_clients` and
-- `has('nvim-0.11')` are replaced by stubs that behave as 0.11 documents them and record every
-- call; then the configuration in editors/neovim is loaded and the calls are asserted.
--   nvim --headless -i NONE -n -u NONE -c 'luafile editors/neovim/test/config_0_11.lua'
-- Each line of PLIST_LSP_RESULT is "PASS|FAIL config-0.11: <detail>"; Neovim exits 0 only if all passed.
local this = debug.getinfo(1, 'S').source:sub(2)
local report = dofile(vim.fn.fnamemodify(this, ':p:h') .. '/report.lua')('config-0.11')
local log = report.log

local function expect(ok, detail, got)
  if ok then log('PASS', detail) else log('FAIL', detail .. (got ~= nil and ('; got ' .. vim.inspect(got)) or '')) end
end

local plugin = vim.fn.fnamemodify(this, ':p:h:h')
vim.opt.runtimepath:prepend(plugin)

-- The stubs. `vim.lsp.config` is, as in 0.11, a table that is called to add a configuration
-- (merged over earlier ones) and indexed to read the resolved one: the `lsp/<name>.lua` files on
-- 'runtimepath' first, then every `vim.lsp.config(name, …)` call, deep-merged.
local calls = { config = {}, enable = {}, notify = {} }
local added = {}
local config = setmetatable({}, {
  __call = function(_, name, cfg)
    table.insert(calls.config, { name = name, config = cfg })
    added[name] = vim.tbl_deep_extend('force', added[name] or {}, cfg)
  end,
  __index = function(_, name)
    local resolved = {}
    for _, file in ipairs(vim.api.nvim_get_runtime_file('lsp/' .. name .. '.lua', true)) do
      resolved = vim.tbl_deep_extend('force', resolved, dofile(file))
    end
    return vim.tbl_deep_extend('force', resolved, added[name] or {})
  end,
})
local real_has = vim.fn.has
vim.lsp.config = config
vim.lsp.enable = function(name, enable) table.insert(calls.enable, { name = name, enable = enable }) end
vim.lsp.completion = { enable = function() end }
local fake_client = { name = 'plist_lsp', config = {} }
function fake_client:notify(method, params)
  -- A method call (`client:notify`): `self` is the client, as 0.11 requires.
  table.insert(calls.notify, { self = self, method = method, params = params })
  return true
end
vim.lsp.get_clients = function() return { fake_client } end
vim.fn.has = function(feature)
  if feature == 'nvim-0.11' then return 1 end
  return real_has(feature)
end

-- 1. `require('plist_lsp').setup()` picks the 0.11 API and hands the whole configuration to it.
local plist_lsp = require('plist_lsp')
expect(plist_lsp.best_api() == 'config', "best_api() is 'config' when vim.lsp.config and vim.lsp.enable exist", plist_lsp.best_api())
plist_lsp.setup({ cmd = { '/opt/plist-lsp/bin/plist-lsp' }, settings = { inlayHints = false } })
expect(plist_lsp.api == 'config', "setup() used the 'config' API", plist_lsp.api)
expect(#calls.config == 1 and calls.config[1].name == 'plist_lsp', "setup() called vim.lsp.config('plist_lsp', …) once", calls.config)
local c = calls.config[1] and calls.config[1].config or {}
expect(vim.deep_equal(c.cmd, { '/opt/plist-lsp/bin/plist-lsp' }), 'the configuration has the cmd given to setup()', c.cmd)
expect(vim.deep_equal(c.filetypes, { 'plist', 'plist_strings', 'xcstrings' }), "it is for the plist, plist_strings and xcstrings filetypes", c.filetypes)
expect(vim.deep_equal(c.root_markers, { '.git', 'Package.swift', 'project.yml', '.hg' }), 'it finds the root by markers', c.root_markers)
expect(c.root_dir == nil and c.workspace_folders == nil, 'it leaves root_dir and workspace_folders to vim.lsp.enable', c)
expect(vim.deep_equal(c.init_options, { settings = { inlayHints = false }, pushDiagnostics = true }),
  'the settings go in init_options.settings, and diagnostics are pushed', c.init_options)
expect(vim.deep_equal(c.settings, { plist = { inlayHints = false } }), 'and in settings.plist (workspace/didChangeConfiguration)', c.settings)
expect(type(c.on_attach) == 'function', 'it has an on_attach', c.on_attach)
expect(#calls.enable == 1 and calls.enable[1].name == 'plist_lsp' and calls.enable[1].enable == nil,
  "setup() called vim.lsp.enable('plist_lsp')", calls.enable)

-- 2. On attach, plist-lsp's omnifunc (0.11's built-in one drops `</key>` and ignores ranges).
local bufnr = vim.api.nvim_create_buf(true, false)
if type(c.on_attach) == 'function' then c.on_attach(fake_client, bufnr) end
expect(vim.bo[bufnr].omnifunc == "v:lua.require'plist_lsp.complete'.omnifunc", "on attach 'omnifunc' is plist-lsp's", vim.bo[bufnr].omnifunc)

-- 3. update_settings() notifies with a method call, as 0.11's client objects need.
plist_lsp.update_settings({ inlayHints = true })
local n = calls.notify[1]
expect(n ~= nil and n.self == fake_client and n.method == 'workspace/didChangeConfiguration'
  and vim.deep_equal(n.params, { settings = { plist = { inlayHints = true } } }),
  'update_settings() calls client:notify(workspace/didChangeConfiguration, {settings = {plist = …}})', n)

-- 4. Without setup(): `lsp/plist_lsp.lua` on 'runtimepath' is the configuration
--    `vim.lsp.enable('plist_lsp')` resolves, and a user's `vim.lsp.config` overrides merge over it.
added = {}
local files = vim.api.nvim_get_runtime_file('lsp/plist_lsp.lua', true)
expect(#files == 1, 'lsp/plist_lsp.lua is found on runtimepath', files)
vim.lsp.config('plist_lsp', { cmd = { '/usr/local/bin/plist-lsp' }, settings = { plist = { fileKind = 'infoPlist' } } })
local resolved = vim.lsp.config['plist_lsp']
expect(vim.deep_equal(resolved.cmd, { '/usr/local/bin/plist-lsp' }), "a user's cmd replaces the default", resolved.cmd)
expect(vim.deep_equal(resolved.filetypes, { 'plist', 'plist_strings', 'xcstrings' }) and vim.deep_equal(resolved.root_markers, { '.git', 'Package.swift', 'project.yml', '.hg' }),
  'filetypes and root_markers come from lsp/plist_lsp.lua', resolved)
expect(vim.deep_equal(resolved.settings, { plist = { fileKind = 'infoPlist' } }) and vim.deep_equal(resolved.init_options, { settings = {}, pushDiagnostics = true }),
  'settings merge under settings.plist', resolved)

report.finish()
