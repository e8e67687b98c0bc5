#!/bin/sh
# Makes po/fingerpaint.pot from the messages marked in Sources (message-catalogue extract), then brings every language
# po/LINGUAS names up to it: msgmerge for a po/LANG.po that exists (a changed message becomes fuzzy, a new one
# untranslated), msginit for a new one. Run it after marking or changing a message; docs/translations.md.
set -eu
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
"$swift" build --product message-catalogue >/dev/null
"$("$swift" build --show-bin-path)/message-catalogue" extract --output po/fingerpaint.pot
for lang in $(sed -e 's/#.*//' po/LINGUAS); do
	if [ -f "po/$lang.po" ]; then
		msgmerge --quiet --update --backup=none --add-location=file "po/$lang.po" po/fingerpaint.pot
	else
		msginit --no-translator --locale="$lang.UTF-8" --input=po/fingerpaint.pot --output-file="po/$lang.po"
	fi
done
