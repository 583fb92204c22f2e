## parser/local.mk - text to structures: the names and the grammar tools
## every family's order reader uses.  A family's own reader is listed in
## its fragment (variants/<family>.mk), which adds it to this library.
noinst_LIBRARIES += parser/libparser.a
parser_libparser_a_SOURCES = parser/names.h parser/names.c \
	parser/grammar.h parser/grammar.c parser/tokens.h parser/tokens.c
parser_libparser_a_CFLAGS = $(AM_CFLAGS) $(PCRE2_CFLAGS)
