# Two commands set Folio up on a fresh Debian 12 machine with the Swift toolchain:
#   make demo   install what is missing, build, run the sample batch
#   make test   install what is missing, build, run every test and validator
SWIFT ?= swift

.PHONY: deps build demo test clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

demo: build
	.build/debug/folio demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build var
