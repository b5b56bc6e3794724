" plist-lsp: String Catalogs (InfoPlist.xcstrings) are JSON.
if exists('b:current_syntax')
  finish
endif
runtime! syntax/json.vim
unlet! b:current_syntax
let b:current_syntax = 'xcstrings'
