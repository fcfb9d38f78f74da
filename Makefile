# The two commands of the README: `make run` builds and runs the app, `make test` runs every test.
.PHONY: run test test-portable deps build bench fuzz docs mutants api install uninstall

deps:
	@bash Scripts/install-deps.sh

build: deps
	swift build -c release --product table-browser

run: build
	"$$(swift build -c release --show-bin-path)/table-browser" $(ARGS)

# Everything is built first (the example apps and table-browser, which the tests run and install).
test: deps
	swift build --build-tests
	swift test --skip-build

# The same suites, built with the POSIX fallbacks a macOS build compiles in place of Linux's calls (futex,
# copy_file_range, /proc, .preinit_array), into .build/portable so that neither build undoes the other.
PORTABLE = --scratch-path .build/portable -Xswiftc -DTABLEKIT_PORTABLE -Xcc -DTABLEKIT_PORTABLE

test-portable: deps
	swift build --build-tests $(PORTABLE)
	swift test --skip-build $(PORTABLE)

# table-browser, its bundled data, completions and man page under $(DESTDIR)$(PREFIX) (Scripts/install.sh says where).
PREFIX ?= /usr/local

install: build
	bash Scripts/install.sh install "$$(swift build -c release --show-bin-path)" "$(DESTDIR)$(PREFIX)"

# Removes exactly what install put there (its manifest, share/table-browser/install-manifest).
uninstall:
	bash Scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

bench: deps
	bash Scripts/benchmark.sh

# Random key scripts through the headless app (debug build): every run must exit 0. Then long random
# walks through the app on a real state folder and --data file (AppRandomWalkTests): WALKS walks from the
# clock of STEPS steps each (20 x 2000, a few minutes), plus the fixed ones; a failure prints its seed.
fuzz: deps
	swift build --product table-browser
	python3 Scripts/fuzz-keys.py $(RUNS)
	swift build --build-tests
	WALK_COUNT=$(or $(WALKS),20) WALK_STEPS=$(or $(STEPS),2000) swift test --skip-build --filter AppRandomWalkTests

# The DocC documentation of TableKit and TableKitTerminal, as static sites in .build/docs and .build/docs-terminal;
# a broken link or an undocumented parameter fails. (Each module is built alone: a link to the other is code voice.)
docs: deps
	swift package --allow-writing-to-directory .build/docs generate-documentation --target TableKit \
		--output-path .build/docs --transform-for-static-hosting --hosting-base-path TableKit --warnings-as-errors
	swift package --allow-writing-to-directory .build/docs-terminal generate-documentation --target TableKitTerminal \
		--output-path .build/docs-terminal --transform-for-static-hosting --hosting-base-path TableKitTerminal --warnings-as-errors

# The public API of TableKit and TableKitTerminal: declarations counted per module, the types the DocC catalog leaves unsorted,
# and the public declarations no example, API test or DocC snippet uses; LIST=1 lists those, CHECK=1 fails when there is one.
api: deps
	bash Scripts/public-api.sh $(if $(LIST),--list) $(if $(CHECK),--check)

# The mutation campaign (slow, not in CI): each one-line mutant of Scripts/mutants.tsv in a scratch copy, killed or survived; IDS=a,b runs some;
# PORTABLE=1 builds as test-portable does.
mutants: deps
	python3 Scripts/mutants.py $(if $(IDS),--only $(IDS)) $(if $(PORTABLE),--portable)
