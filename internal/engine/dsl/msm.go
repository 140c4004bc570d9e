package dsl

import (
	"strings"
)

// MinimumShouldMatch computes how many of optional clauses must match for a
// minimum_should_match spec, as Queries.calculateMinShouldMatch does:
// "3", "-2", "75%", "-25%", and conditional forms "3<90%", "2<-25% 9<-3".
// The result is never negative; it may exceed optional, which in Lucene
// means nothing matches. A malformed spec gives number_format_exception, which
// OpenSearch raises on the shard.
func MinimumShouldMatch(optional int, spec string) (int, error) {
	n, err := calcMinShouldMatch(optional, spec)
	if err != nil {
		return 0, err
	}
	return n, nil
}

func calcMinShouldMatch(optional int, spec string) (int, *Error) {
	result := optional
	spec = strings.TrimFunc(spec, isJavaSpace)
	if strings.Contains(spec, "<") {
		spec = collapseAroundLessThan(spec)
		for _, s := range javaSplit(spec, " ") {
			parts := javaSplit(s, "<")
			upper, bad := javaParseInt(parts[0])
			if bad {
				return 0, intFormat(parts[0])
			}
			if optional <= upper {
				return result, nil
			}
			if len(parts) < 2 {
				// Java indexes parts[1] and fails.
				return 0, &Error{Type: "array_index_out_of_bounds_exception", Reason: "Index 1 out of bounds for length 1", Status: 400}
			}
			r, err := calcMinShouldMatch(optional, parts[1])
			if err != nil {
				return 0, err
			}
			result = r
		}
		return result, nil
	}
	if strings.Contains(spec, "%") {
		num := spec[:len(spec)-1]
		percent, bad := javaParseInt(num)
		if bad {
			return 0, intFormat(num)
		}
		calc := float32(result*percent) * (1 / float32(100))
		if calc < 0 {
			result += int(calc)
		} else {
			result = int(calc)
		}
	} else {
		calc, bad := javaParseInt(spec)
		if bad {
			return 0, intFormat(spec)
		}
		if calc < 0 {
			result += calc
		} else {
			result = calc
		}
	}
	return max(result, 0), nil
}

// collapseAroundLessThan removes whitespace around '<' ("3 < 90%" is "3<90%").
func collapseAroundLessThan(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '<' {
			// drop spaces already written
			out := strings.TrimRight(b.String(), " \t\n\r\f\v")
			b.Reset()
			b.WriteString(out)
			b.WriteByte('<')
			for i+1 < len(s) && strings.IndexByte(" \t\n\r\f\v", s[i+1]) >= 0 {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// javaSplit is String.split with a literal separator: trailing empty strings
// are dropped.
func javaSplit(s, sep string) []string {
	parts := strings.Split(s, sep)
	for len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}
