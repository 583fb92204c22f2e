## bench/local.mk
