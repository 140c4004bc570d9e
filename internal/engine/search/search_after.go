package search

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// checkSearchAfter converts each search_after value to its sort key's type
// as a shard does (SearchAfterBuilder.buildFieldDoc): a text value that does
// not parse as the key's number fails the shard with
// "Failed to parse search_after value for field [f]." caused by Java's
// NumberFormatException. Numbers, nulls and values for keyword, date and
// script keys pass here.
func checkSearchAfter(keys []*keyReader, after []any) *apierr.Error {
	for i, k := range keys {
		if i >= len(after) {
			break
		}
		var text string
		switch v := after[i].(type) {
		case string:
			text = v
		case bool:
			text = strconv.FormatBool(v)
		default:
			continue
		}
		var numeric, integer bool
		switch k.s.Kind {
		case SortScore:
			numeric = true
		case SortDoc:
			numeric, integer = true, true
		case SortField:
			numeric = k.kind == kindLong || k.kind == kindDouble
		}
		if !numeric {
			continue
		}
		if reason, ok := javaNumber(text, integer); !ok {
			field := k.s.Field
			switch k.s.Kind {
			case SortScore:
				field = "_score"
			case SortDoc:
				field = "_doc"
			}
			return apierr.IllegalArgument("Failed to parse search_after value for field [%s].", field).
				WithCause(apierr.New(apierr.TypeNumberFormat, reason))
		}
	}
	return nil
}

// javaNumber reports whether Java would parse s (Integer.parseInt when
// integer, else Double.parseDouble, which a long key falls back to), and
// otherwise the NumberFormatException's message.
func javaNumber(s string, integer bool) (string, bool) {
	if integer {
		if _, err := strconv.ParseInt(s, 10, 32); err == nil {
			return "", true
		}
		return `For input string: "` + s + `"`, false
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return "empty String", false
	}
	switch strings.TrimLeft(t, "+-") {
	case "NaN", "Infinity":
		return "", true
	}
	if n := len(t); n > 1 && strings.ContainsRune("dDfF", rune(t[n-1])) {
		t = t[:n-1]
	}
	if strings.ContainsAny(t, "xXpP_") || strings.EqualFold(strings.TrimLeft(t, "+-"), "inf") {
		return `For input string: "` + s + `"`, false
	}
	if _, err := strconv.ParseFloat(t, 64); err != nil && !strings.Contains(err.Error(), "range") {
		return `For input string: "` + s + `"`, false
	}
	return "", true
}
