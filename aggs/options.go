package aggs

import (
	"errors"
	"reflect"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// ValuesSource is where a bucket or metric aggregation reads its values: a
// field, or a script (with a field too it is a value script, which sees each
// value as _value). Missing is the value documents without one count as;
// Format formats the *_as_string outputs (a date pattern or a DecimalFormat).
type ValuesSource struct {
	Field     string        `json:"field,omitempty"`
	Script    *types.Script `json:"script,omitempty"`
	Missing   any           `json:"missing,omitempty"`
	Format    string        `json:"format,omitempty"`
	ValueType string        `json:"value_type,omitempty"` // the type of unmapped or script values: string, long, double, date, ...
}

// Direction is a sort direction.
type Direction string

// The two directions.
const (
	Asc  Direction = "asc"
	Desc Direction = "desc"
)

// Order is one bucket order key: "_count", "_key", or the path of a
// sub-aggregation ("avg_price", "stats.max").
type Order struct {
	Key       string
	Direction Direction
}

// OrderByCount orders buckets by document count.
func OrderByCount(d Direction) Order { return Order{"_count", d} }

// OrderByKey orders buckets by key.
func OrderByKey(d Direction) Order { return Order{"_key", d} }

// OrderBy orders buckets by the value of a sub-aggregation path.
func OrderBy(path string, d Direction) Order { return Order{path, d} }

// MarshalJSON renders {"<key>": "<direction>"}.
func (o Order) MarshalJSON() ([]byte, error) {
	if o.Key == "" {
		return nil, errors.New("aggs: an order needs a key")
	}
	if o.Direction != Asc && o.Direction != Desc {
		return nil, errors.New("aggs: order direction must be asc or desc, not " + strconv.Quote(string(o.Direction)))
	}
	out := append([]byte{'{'}, strconv.Quote(o.Key)...)
	out = append(out, ':', '"')
	out = append(out, o.Direction...)
	return append(out, '"', '}'), nil
}

// Orders is a list of order keys: one goes out as an object, several as a list.
type Orders []Order

// MarshalJSON renders the short form for a single key.
func (o Orders) MarshalJSON() ([]byte, error) {
	if len(o) == 1 {
		return o[0].MarshalJSON()
	}
	return jsonx.Marshal([]Order(o))
}

// CalendarInterval is a calendar-aware date histogram interval (months and
// years vary in length, days follow the time zone's daylight saving).
type CalendarInterval string

// The calendar intervals the server accepts.
const (
	Minute  CalendarInterval = "minute"
	Hour    CalendarInterval = "hour"
	Day     CalendarInterval = "day"
	Week    CalendarInterval = "week"
	Month   CalendarInterval = "month"
	Quarter CalendarInterval = "quarter"
	Year    CalendarInterval = "year"
)

// FixedInterval is a fixed-length date histogram interval in the server's
// units ("90m", "12h", "30d"). Build one from a duration with Fixed.
type FixedInterval string

// Fixed returns d in the largest unit (d, h, m, s, ms) that divides it
// exactly. A duration under one millisecond gives "0ms", which the server
// rejects.
func Fixed(d time.Duration) FixedInterval {
	units := []struct {
		suffix string
		size   time.Duration
	}{{"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}, {"s", time.Second}, {"ms", time.Millisecond}}
	for _, u := range units {
		if d >= u.size && d%u.size == 0 {
			return FixedInterval(strconv.FormatInt(int64(d/u.size), 10) + u.suffix)
		}
	}
	return FixedInterval(strconv.FormatInt(int64(d/time.Millisecond), 10) + "ms")
}

// GapPolicy tells a pipeline aggregation what to do with buckets that have no
// value.
type GapPolicy string

// The gap policies.
const (
	Skip        GapPolicy = "skip"         // leave the bucket out (the default)
	InsertZeros GapPolicy = "insert_zeros" // count it as 0
	KeepValues  GapPolicy = "keep_values"  // like skip, but keep values that are present yet not a number
)

// ExecutionHint selects how terms aggregations collect.
type ExecutionHint string

// The execution hints.
const (
	ExecutionMap           ExecutionHint = "map"
	ExecutionGlobalOrdinal ExecutionHint = "global_ordinals"
)

// CollectMode selects depth- or breadth-first collection of sub-aggregations.
type CollectMode string

// The collect modes.
const (
	DepthFirst   CollectMode = "depth_first"
	BreadthFirst CollectMode = "breadth_first"
)

// Ptr returns a pointer to v, for the optional fields of the builders.
func Ptr[T any](v T) *T { return &v }

// isNil reports whether a is nil or a typed nil pointer, so a forgotten
// definition is an error instead of a JSON null.
func isNil(a Aggregation) bool {
	if a == nil {
		return true
	}
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return v.IsNil()
	}
	return false
}
