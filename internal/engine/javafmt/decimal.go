package javafmt

import (
	"strconv"
	"strings"
)

// Decimal applies the digit layout of a java.text.DecimalFormat pattern such
// as "#.0", "0.00" or "#,##0.0": minimum integer digits, minimum and maximum
// fraction digits, and grouping (the count of digits after the pattern's
// last comma) with ','. Rounding is half-even on the double's exact value,
// as DecimalFormat rounds. Literal prefixes and suffixes ("'Value is '0.0",
// "#.00 USD") are kept; exponents are not interpreted.
func Decimal(v float64, pattern string) string {
	pattern, _, _ = strings.Cut(pattern, ";") // the negative subpattern reuses the positive layout
	prefix, pattern, suffix := affixes(pattern)
	return prefix + digits(v, pattern) + suffix
}

// affixes splits a pattern into its literal prefix, its number part and its
// literal suffix; quoted text is literal and ” is a quote.
func affixes(p string) (prefix, number, suffix string) {
	var pre, suf strings.Builder
	var num strings.Builder
	quoted := false
	inNumber, afterNumber := false, false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\'' {
			if i+1 < len(p) && p[i+1] == '\'' {
				i++
			} else {
				quoted = !quoted
				continue
			}
		} else if !quoted && !afterNumber && strings.IndexByte("#0,.", c) >= 0 {
			inNumber = true
			num.WriteByte(c)
			continue
		}
		if inNumber {
			afterNumber = true
		}
		if afterNumber {
			suf.WriteByte(c)
		} else {
			pre.WriteByte(c)
		}
	}
	return pre.String(), num.String(), suf.String()
}

// digits lays out v by a number pattern without affixes.
func digits(v float64, pattern string) string {
	intPart, frac, _ := strings.Cut(pattern, ".")
	minInt := strings.Count(intPart, "0")
	minFrac := strings.Count(frac, "0")
	maxFrac := minFrac + strings.Count(frac, "#")
	group := 0
	if i := strings.LastIndexByte(intPart, ','); i >= 0 {
		group = len(intPart) - i - 1
	}
	s := strconv.FormatFloat(v, 'f', maxFrac, 64)
	if maxFrac > minFrac {
		s = strings.TrimRight(s, "0")
		if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 < minFrac {
			s += strings.Repeat("0", minFrac-(len(s)-i-1))
		}
		s = strings.TrimSuffix(s, ".")
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	ip, fp, hasFrac := strings.Cut(s, ".")
	ip = strings.TrimLeft(ip, "0")
	for len(ip) < minInt {
		ip = "0" + ip
	}
	if group > 0 && len(ip) > group {
		var b strings.Builder
		first := len(ip) % group
		if first > 0 {
			b.WriteString(ip[:first])
		}
		for i := first; i < len(ip); i += group {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(ip[i : i+group])
		}
		ip = b.String()
	}
	s = ip
	if hasFrac {
		s += "." + fp
	}
	if neg {
		s = "-" + s // DecimalFormat keeps the sign of a negative value that rounds to zero ("-0.0")
	}
	return s
}
