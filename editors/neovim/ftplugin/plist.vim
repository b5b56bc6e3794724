" plist-lsp: a property list is XML; reuse the XML filetype plugin (matchit pairs, comments,
" omnifunc) for the 'plist' filetype.
if exists('b:did_ftplugin')
  finish
endif
runtime! ftplugin/xml.vim ftplugin/xml_*.vim ftplugin/xml/*.vim
let b:did_ftplugin = 1
