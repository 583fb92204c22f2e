## variants/local.mk - the front layer between judge/ and the rules
## families: the registry, where the data is, the policies every family
## shares, the pictures' geography and drawing policy.  Each family's own
## files, in whatever folder, are listed in its fragment
## (variants/<family>.mk, one include line in Makefile.am); the variants'
## data is installed by folder, below, so that neither needs a line here.
noinst_LIBRARIES += variants/libvariants.a
variants_libvariants_a_SOURCES = variants/variant.h variants/registry.c variants/powers.c \
	variants/datadir.h variants/datadir.c \
	variants/variant.c variants/order_check.c variants/variant_cases.c
# map pictures: the geography's reader and the front layer's drawing
# policy (the drawing itself is picture/, each family's scene its own)
variants_libvariants_a_SOURCES += variants/pic_geo_load.h variants/pic_geo_load.c \
	variants/variant_picture.c
# registry.c hashes each variant's data with libsodium
variants_libvariants_a_CFLAGS = $(AM_CFLAGS) $(SODIUM_CFLAGS) $(PCRE2_CFLAGS) $(CAIRO_CFLAGS)
EXTRA_DIST += variants/FORMAT.md

# What a program that calls the families links, in the order the
# libraries need each other (the families' test programs use it).
VARIANT_LIBS = variants/libvariants.a picture/libpicdraw.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm \
	parser/libparser.a adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a

# Each variant's data is a folder of variants/ holding a variant.txt: all
# its files (the maps and scenario its family loads, the files players GET,
# the pictures' geo.txt) are installed under $(pkgdatadir)/variants/,
# where the installed program reads them (datadir.c), and go into the
# tarball.  The folders are found, not listed, so that a new variant of a
# known family is a folder and no build edit; variantsrcdir may name
# another folder of variant folders (tests/install_variant.test does).
variantsrcdir = $(srcdir)/variants
variant_folders = for d in $(variantsrcdir)/*/; do \
	test -f "$$d/variant.txt" || continue; d=$${d%/}; v=$$(basename "$$d")
variant_files = (cd "$$d" && find . -type f | sed 's|^\./||')

install-data-local: install-variants
install-variants:
	@$(variant_folders); $(variant_files) | while read -r f; do \
		echo " $(INSTALL_DATA) variants/$$v/$$f '$(DESTDIR)$(pkgdatadir)/variants/$$v'"; \
		$(MKDIR_P) "$(DESTDIR)$(pkgdatadir)/variants/$$v/$$(dirname "$$f")" && \
		$(INSTALL_DATA) "$$d/$$f" "$(DESTDIR)$(pkgdatadir)/variants/$$v/$$f" || exit 1; \
	done || exit 1; done

# the folders themselves go with the judge's other data (uninstall-hook)
uninstall-local: uninstall-variants
uninstall-variants:
	@$(variant_folders); $(variant_files) | while read -r f; do \
		rm -f "$(DESTDIR)$(pkgdatadir)/variants/$$v/$$f"; done; done

dist-hook: dist-variants
dist-variants:
	@$(variant_folders); rm -rf "$(distdir)/variants/$$v"; \
		cp -pR "$$d" "$(distdir)/variants/$$v" || exit 1; done
.PHONY: install-variants uninstall-variants dist-variants
