-- What both Neovim test scripts report: lines "PASS|FAIL <label>: <detail>" written to the file
-- PLIST_LSP_RESULT names (stderr without it), and Neovim's exit status (0 only if nothing failed).
--   local report = dofile(<this folder> .. '/report.lua')('<label>')
--   report.log('PASS', 'what held'); report.finish()
return function(label)
  local result_path = os.getenv('PLIST_LSP_RESULT')
  local lines_out = {}
  local failed = false
  local report = {}

  function report.log(status, detail)
    if status == 'FAIL' then failed = true end
    table.insert(lines_out, status .. ' ' .. label .. ': ' .. detail)
  end

  function report.finish()
    local text = table.concat(lines_out, '\n') .. '\n'
    if result_path then
      local f = io.open(result_path, 'w')
      f:write(text)
      f:close()
    else
      io.stderr:write(text)
    end
    vim.cmd((failed and 'cquit 1') or 'qall!')
  end

  return report
end
