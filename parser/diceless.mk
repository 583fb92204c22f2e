## parser/diceless.mk - the diceless order grammar
parser_libparser_a_SOURCES += parser/diceless_orders.h parser/diceless_orders.c
