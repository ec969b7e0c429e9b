-- Drives swaglint-lsp from a real Neovim (0.7+, headless): attach the server to the YAML buffer
-- given on the command line, read the diagnostics back through vim.diagnostic, apply the first
-- line's quick fix (swagger-version's, or info-description's stub), wait for the new diagnostics, and write both lists as JSON to
-- $SWAGLINT_OUT. Neovim 0.7 (Debian bookworm) has no vim.lsp.start, so start_client + attach.
local out = os.getenv('SWAGLINT_OUT')
local server = os.getenv('SWAGLINT_LSP')
-- how long to wait for diagnostics: the test's hang guard, never a measure of speed
local wait_ms = tonumber(os.getenv('SWAGLINT_WAIT_MS'))

local function list(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(found, {
      code = d.code or lsp.code, source = d.source, severity = d.severity,
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      href = lsp.codeDescription and lsp.codeDescription.href or vim.NIL,
    })
  end
  table.sort(found, function(a, b) return a.lnum < b.lnum end)
  return found
end

local function run()
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'yaml'
  local id = vim.lsp.start_client({ name = 'swaglint', cmd = { 'node', server, '--stdio' }, root_dir = vim.fn.getcwd() })
  assert(id, 'the server did not start')
  vim.lsp.buf_attach_client(bufnr, id)
  assert(vim.wait(wait_ms, function() return #vim.diagnostic.get(bufnr) > 0 end, 50), 'no diagnostics arrived')
  local opened = list(bufnr)

  -- the first line's quick fix, asked for the way vim.lsp.buf.code_action() asks: with the
  -- cursor line's diagnostics turned back into LSP ones
  local diags = vim.lsp.diagnostic.get_line_diagnostics(bufnr, 0)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 7 } },
    context = { diagnostics = diags } }
  local replies = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000)
  local titles = {}
  for _, reply in pairs(replies or {}) do
    for _, action in ipairs(reply.result or {}) do
      table.insert(titles, action.title)
      if action.isPreferred then vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16') end
    end
  end
  assert(vim.wait(wait_ms, function() return #vim.diagnostic.get(bufnr) == 1 end, 50), 'the fix did not clear its diagnostic: ' .. vim.fn.json_encode({ titles = titles, lines = vim.api.nvim_buf_get_lines(bufnr, 0, 2, false), diags = list(bufnr), asked = diags }))

  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode({ opened = opened, titles = titles, first_line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1], after = list(bufnr) }))
  file:close()
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    local ok, err = pcall(run)
    if not ok then
      local file = io.open(out, 'w')
      file:write(vim.fn.json_encode({ error = tostring(err) }))
      file:close()
    end
    vim.cmd(ok and 'qa!' or 'cquit 1')
  end,
})
