" plist-lsp: property-list files get the 'plist' filetype (XML highlighting, indent and
" ftplugin are reused from 'xml', see syntax/plist.vim, indent/plist.vim, ftplugin/plist.vim).
" Works from Neovim 0.7 on: 0.7 gives *.plist no filetype unless line 1 is <?xml, and detects
" *.entitlements / *.xcprivacy not at all. `set filetype` (not `setfiletype`) overrides a
" filetype guessed earlier from the content (xml).
augroup plist_lsp_ftdetect
  autocmd!
  autocmd BufNewFile,BufRead *.plist,*.entitlements,*.xcprivacy,*.mobileconfig set filetype=plist
  " The translations of an Info.plist (issue #31): InfoPlist.strings in an .lproj folder, and
  " InfoPlist.xcstrings String Catalogs (JSON).
  autocmd BufNewFile,BufRead *.lproj/*InfoPlist.strings set filetype=plist_strings
  autocmd BufNewFile,BufRead *InfoPlist.xcstrings set filetype=xcstrings
augroup END
