" plist-lsp: property lists are indented as XML.
if exists('b:did_indent')
  finish
endif
runtime! indent/xml.vim
