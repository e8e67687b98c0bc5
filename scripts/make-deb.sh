#!/usr/bin/env bash
# Builds the Debian package out/fingerpaint_VERSION_ARCH.deb (docs/packaging.md): `make install` into a staging
# root under /usr (the programs in release with the Swift runtime linked statically, then stripped), the manual
# pages compressed, /usr/share/doc/fingerpaint's copyright (packaging/copyright), changelog.gz (CHANGELOG.md) and
# changelog.Debian.gz (scripts/debian-changelog.sh), DEBIAN/control from packaging/control.in with Depends from
# dpkg-shlibdeps over the programs plus the data they read, and DEBIAN/md5sums. No maintainer scripts: Debian's
# triggers refresh the MIME, desktop and icon caches. Then the software centre's screenshots, made by touch-replay
# from the repository's traces, into out/screenshots (docs/packaging.md says where they are published).
# Usage: scripts/make-deb.sh   (MAKE and SWIFT as for make; VERSION is fingerpaint --version, ARCH dpkg's)
set -euo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
stage=out/deb
root=$stage/root
rm -rf "$stage"
mkdir -p "$root"
"$make" --no-print-directory install DESTDIR="$PWD/$root" PREFIX=/usr

version=$("$root/usr/bin/fingerpaint" --version)
arch=$(dpkg --print-architecture)
maintainer=$(git log -1 --format='%an <%ae>' 2>/dev/null || true)
[ -n "$maintainer" ] || maintainer="The Finger Paint authors <fingerpaint@users.noreply.github.com>"
programs=$(ls "$root/usr/bin")

for p in $programs; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$p"
done
gzip -9n "$root"/usr/share/man/man1/*.1
doc=$root/usr/share/doc/fingerpaint
install -m 644 packaging/copyright "$doc/copyright"
gzip -9nc CHANGELOG.md > "$doc/changelog.gz"
scripts/debian-changelog.sh "$maintainer" | gzip -9n > "$doc/changelog.Debian.gz"
chmod 644 "$doc"/*.gz

# Depends as dpkg-shlibdeps finds it (it wants a debian/control beside it), the data the programs read, and librsvg,
# which fingerpaint loads with dlopen for SVG pictures.
mkdir -p "$stage/shlibs/debian"
printf 'Source: fingerpaint\n\nPackage: fingerpaint\nArchitecture: any\n' > "$stage/shlibs/debian/control"
shlibs=$(cd "$stage/shlibs" && dpkg-shlibdeps -O $(for p in $programs; do echo "-e../root/usr/bin/$p"; done) 2>/dev/null)
shlibs=${shlibs#shlibs:Depends=}
[ -n "$shlibs" ] || { echo "make-deb.sh: dpkg-shlibdeps found no shared library" >&2; exit 1; }
depends="$shlibs, fonts-dejavu-core, mypaint-brushes, librsvg2-2 (>= 2.52)"

size=$(du -sk --apparent-size "$root" | cut -f1)
mkdir -p "$root/DEBIAN"
sed -e "s|@VERSION@|$version-1|" -e "s|@ARCH@|$arch|" -e "s|@MAINTAINER@|$maintainer|" -e "s|@SIZE@|$size|" \
    -e "s|@DEPENDS@|$depends|" packaging/control.in > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +

deb=out/fingerpaint_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb.tmp" >/dev/null
mv "$deb.tmp" "$deb"
echo "make-deb.sh: wrote $deb"

# The software centre's screenshots (the metainfo's <image>s) of the programs just packaged.
shots=out/screenshots
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$shots" "$scratch/runtime" && chmod 700 "$scratch/runtime"
shoot() {  # shoot TRACE OUTPUT CLIENT [ARGS...], each in a home of its own: no brush remembered from the last
    local trace=$1 output=$2 home=$scratch/${2%.png}; shift 2
    mkdir -p "$home"
    HOME=$home XDG_RUNTIME_DIR=$scratch/runtime XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data \
        XDG_STATE_HOME=$home/state "$root/usr/bin/touch-replay" --trace "$trace" --size 1024x768 --overwrite \
        --output "$shots/$output" -- "$@"
}
shoot assets/demo-trace.jsonl fingerpaint-light.png "$root/usr/bin/fingerpaint" --new --style light
shoot assets/demo-trace.jsonl fingerpaint-dark.png "$root/usr/bin/fingerpaint" --new --style dark
shoot assets/gesture-demo.jsonl gesture-demo.png "$root/usr/bin/gesture-demo"
echo "make-deb.sh: wrote the screenshots in $shots"
rm -rf "$stage"
