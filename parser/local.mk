## parser/local.mk - text to structures
noinst_LIBRARIES += parser/libparser.a
parser_libparser_a_SOURCES = parser/names.h parser/names.c \
	parser/grammar.h parser/grammar.c parser/tokens.h parser/tokens.c \
	parser/dip_orders.h parser/dip_orders.c
parser_libparser_a_CFLAGS = $(AM_CFLAGS) $(PCRE2_CFLAGS)
parser_libparser_a_SOURCES += parser/diceless_orders.h parser/diceless_orders.c
parser_libparser_a_SOURCES += parser/pelo_orders.h parser/pelo_orders.c \
	parser/pelo_ops_orders.h parser/pelo_ops_orders.c
