package rest

import (
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

func illegalArg(format string, args ...any) *apierr.Error {
	return apierr.IllegalArgument(format, args...)
}

func itoa(n int) string { return strconv.Itoa(n) }

// formatPercent prints a percentage as the server's human form ("100.0%").
func formatPercent(p float64) string {
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}

// formatDate prints epoch millis as the server's human date (ISO 8601, UTC).
func formatDate(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

// versionString decodes index.version.created back to "major.minor.revision".
func versionString(id string) string {
	n, err := strconv.Atoi(id)
	if err != nil {
		return id
	}
	n ^= 0x08000000
	return strconv.Itoa(n/1000000) + "." + strconv.Itoa(n/10000%100) + "." + strconv.Itoa(n/100%100)
}
