package clustersettings

import (
	"fmt"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// parseTimeValue is TimeValue.parseTimeValue: an integer and a unit
// (nanos, micros, ms, s, m, h, d; case-insensitive except the minute's "m"),
// or a bare -1 or 0. Fractions and durations below -1 are refused with the
// IllegalArgumentException the parser throws (Setting.get passes it on).
func parseTimeValue(s, key string) (time.Duration, *apierr.Error) {
	return settings.ParseTimeValue(s, key)
}

// numberFormatReason is Long.parseLong's message.
func numberFormatReason(s string) string {
	return fmt.Sprintf("For input string: \"%s\"", s)
}
