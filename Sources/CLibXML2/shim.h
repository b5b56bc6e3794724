// The parts of libxml2 that XMLReference uses: the parser, SAX2 and the error API.
#ifndef PLIST_LSP_CLIBXML2_SHIM_H
#define PLIST_LSP_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#endif
