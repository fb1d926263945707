# SPDX-License-Identifier: BSD-2-Clause
# shellcheck shell=sh
# csv.sh: reading bheapsim's CSV by column name, for the scripts in tools/
# (sourced: . tools/csv.sh).  bheapsim's CSV has a header of field names
# and no quoted fields, so a comma always separates two fields.
#
#   awk -F, "$CSV_HEADER"'PROGRAM' FILE...
#       PROGRAM runs on the data rows and finds the column of field NAME
#       as col["NAME"], set from each file's own header
#   csv_column FILE NAME [KEY VALUE]
#       NAME's values, one a line, of every row (or of the rows whose
#       KEY is VALUE); status 1 if FILE has no column NAME

CSV_HEADER='FNR == 1 { delete col; for (i = 1; i <= NF; i++) col[$i] = i; next }
'

csv_column() {
	awk -F, -v name="$2" -v key="${3:-}" -v want="${4:-}" "$CSV_HEADER"'
	!(name in col) { missing = 1; exit }
	key == "" || $col[key] == want { print $col[name] }
	END { exit missing }' "$1"
}
