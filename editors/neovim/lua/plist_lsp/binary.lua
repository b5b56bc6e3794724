-- plist-lsp for Neovim: binary property lists (bplist00) edited as XML. A buffer whose file starts
-- with the bytes `bplist00` (whatever its name: Info.plist, .nib, .xcuserstate, .webloc) is shown
-- as the XML `plist-lsp convert --to xml1` writes, with filetype 'plist' (so the server gives it
-- every feature); `:w` writes it back as binary with `plist-lsp convert --to binary1`, atomically.
-- A file that does not convert is left untouched: on reading, the buffer keeps its bytes and is
-- made read-only; on writing, nothing is written and the reason is shown.
--
-- A signed configuration profile (CMS, first bytes 30 80 or 30 82) is shown the same way, as the
-- plist it signs, but read-only and never written: editing it would break its signature
-- (docs/profiles.md).
--
--   require('plist_lsp').setup({ binary_plists = true })   -- the default; false turns this off
local M = {}

local function notify(message, level)
  vim.notify('plist-lsp: ' .. message, level or vim.log.levels.INFO)
end

--- Runs `cmd` (a list); returns ok, output (stdout on success, stderr otherwise).
local function run(cmd)
  local output = vim.fn.system(cmd)
  return vim.v.shell_error == 0, output
end

local function first_bytes(path, n)
  local f = io.open(path, 'rb')
  if not f then return nil end
  local bytes = f:read(n)
  f:close()
  return bytes
end

--- Whether the file is a signed profile: a .mobileconfig whose first bytes are a CMS SEQUENCE's (30 80, 30 81-84).
-- Only for *.mobileconfig: certificates (.cer, .der) start with the same bytes.
local function is_signed(path)
  if not path:lower():match('%.mobileconfig$') then return false end
  local bytes = first_bytes(path, 2)
  return bytes ~= nil and #bytes == 2 and bytes:byte(1) == 0x30
    and (bytes:byte(2) == 0x80 or (bytes:byte(2) >= 0x81 and bytes:byte(2) <= 0x84))
end

local function is_converted(path)
  return first_bytes(path, 8) == 'bplist00' or is_signed(path)
end

--- Writes buffer `bufnr` (its XML text) to `target` as a binary property list.
local function write_binary(server, bufnr, target)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local temporary = vim.fn.tempname()
  local f = io.open(temporary, 'wb')
  if not f then
    notify('not written: cannot create a temporary file', vim.log.levels.ERROR)
    return false
  end
  f:write(table.concat(lines, '\n') .. '\n')
  f:close()
  local ok, output = run({ server, 'convert', '--to', 'binary1', '-o', target, temporary })
  os.remove(temporary)
  if not ok then
    vim.api.nvim_err_writeln('plist-lsp: ' .. target .. ' not written (the file is unchanged): '
      .. vim.trim(output):gsub('^plist%-lsp: [^:]*: ', ''))
    return false
  end
  return true
end

--- After Neovim read a file: when it is a binary plist, show its XML form instead.
local function on_read(server, bufnr, path)
  local signed = is_signed(path)
  local ok, output = run({ server, 'convert', '--to', 'xml1', '-o', '-', path })
  if not ok then
    vim.bo[bufnr].readonly = true
    notify(path .. ' is a binary property list that does not convert (shown as bytes, read-only): '
      .. vim.trim(output):gsub('^plist%-lsp: [^:]*: ', ''), vim.log.levels.ERROR)
    return
  end
  local lines = vim.split(output, '\n', { plain = true })
  if lines[#lines] == '' then table.remove(lines) end
  -- A signed profile's buffer read again (`:e`) is not modifiable (E21 on the options below) until
  -- its text is in.
  vim.bo[bufnr].modifiable = true
  vim.bo[bufnr].binary = false
  vim.bo[bufnr].fileformat = 'unix'
  vim.bo[bufnr].fileencoding = 'utf-8'
  vim.bo[bufnr].endofline = true
  -- Not undoable: `u` must not bring the bytes back into the buffer.
  local undolevels = vim.bo[bufnr].undolevels
  vim.bo[bufnr].undolevels = -1
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].undolevels = undolevels
  vim.bo[bufnr].modified = false
  vim.b[bufnr].plist_lsp_binary = true
  if signed then
    -- Not 'modifiable' either: 'readonly' alone lets typing change the buffer (with a warning).
    vim.bo[bufnr].readonly = true
    vim.bo[bufnr].modifiable = false
    vim.api.nvim_create_autocmd('BufWriteCmd', {
      group = vim.api.nvim_create_augroup('plist_lsp_binary_' .. bufnr, { clear = true }),
      buffer = bufnr,
      callback = function()
        vim.api.nvim_err_writeln('plist-lsp: not written: a signed profile (editing it breaks its signature)')
      end,
    })
    vim.bo[bufnr].filetype = 'plist'
    -- Short enough for one line of an 80-column screen: a longer one waited for Enter as Neovim started.
    notify('a signed profile, read-only: editing it breaks its signature')
    return
  end
  vim.api.nvim_create_autocmd('BufWriteCmd', {
    group = vim.api.nvim_create_augroup('plist_lsp_binary_' .. bufnr, { clear = true }),
    buffer = bufnr,
    callback = function(args)
      local target = vim.fn.fnamemodify(args.file ~= '' and args.file or path, ':p')
      if write_binary(server, bufnr, target) then
        if target == vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p') then
          vim.bo[bufnr].modified = false
        end
        notify('"' .. vim.fn.fnamemodify(target, ':~:.') .. '" written as a binary property list')
      end
    end,
  })
  vim.bo[bufnr].filetype = 'plist'
end

--- Registers the autocommands (once); `server` is the plist-lsp executable.
function M.setup(server)
  local group = vim.api.nvim_create_augroup('plist_lsp_binary', { clear = true })
  -- Before the read, from the bytes on disk: a binary plist gets no FileType event until it is
  -- XML (a filetype detected from its name would attach the server to the bytes).
  local pending = {}
  vim.api.nvim_create_autocmd('BufReadPre', {
    group = group,
    pattern = '*',
    callback = function(args)
      local path = vim.fn.fnamemodify(args.file, ':p')
      if not is_converted(path) then return end
      pending[args.buf] = { path = path, eventignore = vim.o.eventignore }
      vim.o.eventignore = (vim.o.eventignore == '' and '' or vim.o.eventignore .. ',') .. 'FileType,Syntax'
    end,
  })
  vim.api.nvim_create_autocmd('BufReadPost', {
    group = group,
    pattern = '*',
    callback = function(args)
      local read = pending[args.buf]
      if not read then return end
      pending[args.buf] = nil
      vim.o.eventignore = read.eventignore
      on_read(server, args.buf, read.path)
    end,
  })
  -- Buffers read before setup() was called.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and not vim.b[bufnr].plist_lsp_binary then
      local name = vim.api.nvim_buf_get_name(bufnr)
      if name ~= '' and vim.bo[bufnr].buftype == '' and is_converted(name) then
        on_read(server, bufnr, vim.fn.fnamemodify(name, ':p'))
      end
    end
  end
end

return M
