package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"

	"math"
	"slices"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// compSource is one source of a composite aggregation
// (CompositeValuesSourceBuilder): terms, histogram or date_histogram.
type compSource struct {
	name string
	kind string
	source
	missingBucket bool
	missingOrder  byte // 0 default (first when asc), 'f' first, 'l' last
	desc          bool
	interval      float64   // histogram
	rounding      *rounding // date_histogram
}

// parseCompSource reads one {"name": {"type": {...}}} entry of sources, as
// CompositeValuesSourceParserHelper.fromXContent does.
func parseCompSource(p *parser, v *xcontent.Value) (*compSource, *apierr.Error) {
	expectObj := func(v *xcontent.Value, want string) *apierr.Error {
		return parseErr(v.Line, v.Col, "Failed to parse object: expecting token of type [%s] but found [%s]", want, v.Token())
	}
	if v.Kind != xcontent.Object {
		return nil, expectObj(v, "START_OBJECT")
	}
	if len(v.Members) == 0 {
		return nil, parseErr(v.EndLine, v.EndCol, "Failed to parse object: expecting token of type [FIELD_NAME] but found [END_OBJECT]")
	}
	named := &v.Members[0]
	if named.Value.Kind != xcontent.Object {
		return nil, expectObj(&named.Value, "START_OBJECT")
	}
	if len(named.Value.Members) == 0 {
		return nil, parseErr(named.Value.EndLine, named.Value.EndCol, "Failed to parse object: expecting token of type [FIELD_NAME] but found [END_OBJECT]")
	}
	typed := &named.Value.Members[0]
	if typed.Value.Kind != xcontent.Object {
		return nil, expectObj(&typed.Value, "START_OBJECT")
	}
	s := &compSource{name: named.Key, kind: typed.Key}
	switch typed.Key {
	case "terms", "histogram", "date_histogram":
	default:
		return nil, parseErr(typed.Value.Line, typed.Value.Col, "invalid source type: %s", typed.Key)
	}
	sp := &parser{agg: &Agg{Name: s.name, Type: s.kind}, v: &typed.Value, warn: p.warn}
	var calendar, fixed, legacy string
	var offset int64
	intervalSet := false
	err := sp.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "field", "format", "value_type", "script":
			return s.parseSourceField(sp, m, false)
		case "time_zone":
			if s.kind != "date_histogram" {
				return false, nil
			}
			return s.parseSourceField(sp, m, true)
		case "missing_bucket":
			s.missingBucket, err = sp.boolean(m)
		case "missing_order":
			var o string
			if o, err = sp.str(m); err == nil {
				switch strings.ToLower(o) {
				case "first":
					s.missingOrder = 'f'
				case "last":
					s.missingOrder = 'l'
				case "default":
				default:
					err = sp.failed(m, apierr.IllegalArgument("Unknown MissingOrder value [%s]", o))
				}
			}
		case "order":
			var o string
			if o, err = sp.str(m); err == nil {
				switch strings.ToLower(o) {
				case "asc":
				case "desc":
					s.desc = true
				default:
					err = sp.failed(m, apierr.IllegalArgument("Unknown SortOrder [%s]", o))
				}
			}
		case "interval":
			switch s.kind {
			case "histogram":
				s.interval, err = sp.double(m)
				intervalSet = true
			case "date_histogram":
				legacy, err = sp.str(m)
				if err == nil && p.warn != nil {
					p.warn("[interval] on [date_histogram] is deprecated, use [fixed_interval] or [calendar_interval] in the future.")
				}
			default:
				return false, nil
			}
		case "calendar_interval", "fixed_interval", "offset":
			if s.kind != "date_histogram" {
				return false, nil
			}
			switch m.Key {
			case "calendar_interval":
				calendar, err = sp.str(m)
				if err == nil {
					if _, ok := calendarUnits[calendar]; !ok {
						err = sp.failed(m, apierr.IllegalArgument("The supplied interval [%s] could not be parsed as a calendar interval.", calendar))
					}
				}
			case "fixed_interval":
				fixed, err = sp.str(m)
			default:
				if m.Value.Kind == xcontent.Number {
					offset, err = sp.long(m)
				} else {
					var text string
					if text, err = sp.str(m); err == nil {
						if offset, err = parseOffset(text); err != nil {
							err = sp.failed(m, err)
						}
					}
				}
			}
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	switch s.kind {
	case "histogram":
		if !intervalSet || s.interval <= 0 {
			return nil, apierr.IllegalArgument("[interval] must be greater than 0 for [histogram] source")
		}
	case "date_histogram":
		zone := s.zone
		if zone == nil {
			zone = time.UTC
		}
		r := &rounding{zone: zone, offset: offset}
		switch {
		case calendar != "" && fixed != "":
			return nil, apierr.IllegalArgument("Cannot use [fixed_interval] with [calendar_interval] configuration option.")
		case calendar != "":
			r.unit = calendarUnits[calendar]
		case fixed != "":
			var err *apierr.Error
			if r.fixed, err = fixedIntervalMillis(fixed, "date_histogram.fixedInterval"); err != nil {
				return nil, err
			}
		case legacy != "":
			var err *apierr.Error
			if u, ok := calendarUnits[legacy]; ok {
				r.unit = u
			} else if r.fixed, err = fixedIntervalMillis(legacy, "date_histogram.interval"); err != nil {
				return nil, err
			}
		default:
			return nil, apierr.IllegalArgument("Invalid interval specified, must be non-null and non-empty")
		}
		s.rounding = r
	}
	return s, nil
}

// ckey is one value of a composite key: null, a string, a long or a double.
type ckey struct {
	kind byte // 0 null, 's', 'l', 'd'
	s    string
	n    int64
	f    float64
}

// compare orders two values of the same source ascending, nulls per
// missing_order (first by default, when ascending).
func (s *compSource) compare(a, b ckey) int {
	if a.kind == 0 || b.kind == 0 {
		if a.kind == b.kind {
			return 0
		}
		c := -1 // null first: missing_order first, or default when ascending
		if a.kind != 0 {
			c = 1
		}
		if s.missingOrder == 'l' || (s.missingOrder == 0 && s.desc) {
			c = -c
		}
		return c
	}
	var c int
	switch a.kind {
	case 's':
		c = strings.Compare(a.s, b.s)
	case 'l':
		switch {
		case a.n < b.n:
			c = -1
		case a.n > b.n:
			c = 1
		}
	default:
		c = compareDoubles(a.f, b.f)
	}
	if s.desc {
		return -c
	}
	return c
}

// boundSource is a source resolved on one shard.
type boundSource struct {
	*compSource
	round  autoRounding // date_histogram: the rounding, with its UTC fast path
	v      *values
	strs   []string
	longs  []int64
	floats []float64
	ords   []uint32
}

// keys appends the slot's distinct keys for the source, in value order
// (the missing value for a document without one, or a null key with
// missing_bucket).
func (b *boundSource) keys(slot int32, dst []ckey) []ckey {
	dst = dst[:0]
	v := b.v
	switch {
	case v.typ == vsBytes || v.typ == vsIP:
		b.ords = slotOrds(v, slot, b.ords)
		b.strs = b.strs[:0]
		for _, o := range b.ords {
			if int(o) < len(v.dict) {
				b.strs = append(b.strs, v.dict[o])
			} else {
				b.strs = append(b.strs, v.missingStr)
			}
		}
		slices.Sort(b.strs)
		for i, t := range b.strs {
			if i == 0 || t != b.strs[i-1] {
				dst = append(dst, ckey{kind: 's', s: t})
			}
		}
	case v.longs != nil && !v.constant && b.kind != "histogram":
		b.longs = v.longs.Append(b.longs[:0], slot)
		if len(b.longs) == 0 && v.hasMissing {
			b.longs = append(b.longs, int64(v.missingNum))
		}
		slices.Sort(b.longs)
		for _, n := range b.longs {
			if v.nanos {
				n = floorDiv(n, 1_000_000) // date_nanos keys are milliseconds
			}
			if b.rounding != nil {
				n = b.round.round(n)
			}
			if len(dst) > 0 && dst[len(dst)-1].n == n {
				continue
			}
			dst = append(dst, ckey{kind: 'l', n: n})
		}
	default:
		b.floats = v.doubles(slot, b.floats)
		for _, f := range b.floats {
			k := ckey{kind: 'd', f: f}
			switch {
			case b.kind == "histogram":
				k.f = math.Floor(f/b.interval) * b.interval
			case b.rounding != nil:
				k = ckey{kind: 'l', n: b.round.round(int64(f))}
			case !v.isDouble && !(v.constant && f != math.Trunc(f)):
				k = ckey{kind: 'l', n: int64(f)}
			}
			if len(dst) > 0 && dst[len(dst)-1] == k {
				continue
			}
			dst = append(dst, k)
		}
	}
	if len(dst) == 0 && b.missingBucket {
		dst = append(dst, ckey{})
	}
	return dst
}

// render is a key value as formatObject writes it.
func (b *compRender) value(i int, k ckey) any {
	f := b.formats[i]
	switch k.kind {
	case 0:
		return nil
	case 's':
		return f.bytes(k.s)
	case 'l':
		switch f.kind {
		case fmtRaw:
			return k.n
		case fmtUnsigned:
			return mapping.DecodeUnsigned(k.n)
		case fmtBool:
			return k.n != 0
		}
		return f.long(k.n)
	}
	if f.raw() {
		return double(k.f)
	}
	return f.double(k.f)
}

// compRender is what rendering a composite key needs: the source names and
// the format of each.
type compRender struct {
	names   []string
	formats []docFormat
}
