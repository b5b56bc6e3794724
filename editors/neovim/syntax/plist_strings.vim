" plist-lsp: InfoPlist.strings (the translations of an Info.plist): quoted strings, keys and comments.
if exists('b:current_syntax')
  finish
endif
syntax region plistStringsComment start=+/\*+ end=+\*/+
syntax match plistStringsComment +//.*$+
syntax region plistStringsString start=+"+ skip=+\\\\\|\\"+ end=+"+
highlight default link plistStringsComment Comment
highlight default link plistStringsString String
let b:current_syntax = 'plist_strings'
