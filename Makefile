# Two commands set Folio up on a fresh Debian 12 machine with the Swift toolchain:
#   make demo   install what is missing, build, run the sample batch
#   make test   install what is missing, build, run every test and validator
SWIFT ?= swift

.PHONY: deps build demo test bench deb clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

demo: build
	.build/debug/folio demo

test: deps
	$(SWIFT) build --build-tests
	scripts/build-deb.sh
	$(SWIFT) test --skip-build

# Speed and memory, measured on a release build (never asserted in tests). The batch through
# `folio run` is measured once, for the default product.
bench: deps
	$(SWIFT) build -c release
	.build/release/folio-bench
	.build/release/folio-bench --product a5-softcover-fogra39 --no-batch
	.build/release/folio-bench --queue
	.build/release/folio-bench --scale
	.build/release/folio-bench --volumes
	.build/release/folio-bench --photo-formats

# The Debian package: .build/deb/folio_VERSION_amd64.deb (docs/guide.md: Running it on a server).
deb: deps
	scripts/build-deb.sh

clean:
	rm -rf .build var
