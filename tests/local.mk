## tests/local.mk
