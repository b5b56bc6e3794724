" plist-lsp: property-list files get the 'plist' filetype (XML highlighting, indent and
" ftplugin are reused from 'xml', see syntax/plist.vim, indent/plist.vim, ftplugin/plist.vim).
" Works from Neovim 0.7 on: 0.7 gives *.plist no filetype unless line 1 is <?xml, and detects
" *.entitlements / *.xcprivacy not at all. `set filetype` (not `setfiletype`) overrides a
" filetype guessed earlier from the content (xml).
augroup plist_lsp_ftdetect
  autocmd!
  autocmd BufNewFile,BufRead *.plist,*.entitlements,*.xcprivacy set filetype=plist
augroup END
