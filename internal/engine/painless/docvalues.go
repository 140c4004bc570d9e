package painless

import (
	"strconv"
	"time"
)

// Search scripts (script_fields, the script and script_score queries, function_score's
// script_score, _script sort) read the current document through `doc`: OpenSearch's
// LeafDocLookup, a read-only Map from field name to ScriptDocValues, which is an
// unmodifiable java.util.List with getValue().

// DocKind is the ScriptDocValues class a field's values come as.
type DocKind uint8

// The ScriptDocValues classes the fake's field types map to.
const (
	DocLongs     DocKind = iota + 1 // long, integer, short, byte: Long values
	DocDoubles                      // double, float: Double values
	DocStrings                      // keyword: String values
	DocBooleans                     // boolean: Boolean values
	DocDates                        // date: JodaCompatibleZonedDateTime values in UTC
	DocGeoPoints                    // geo_point: GeoPoint values (lat, lon)
)

var docClasses = [...]string{
	DocLongs:     "org.opensearch.index.fielddata.ScriptDocValues$Longs",
	DocDoubles:   "org.opensearch.index.fielddata.ScriptDocValues$Doubles",
	DocStrings:   "org.opensearch.index.fielddata.ScriptDocValues$Strings",
	DocBooleans:  "org.opensearch.index.fielddata.ScriptDocValues$Booleans",
	DocDates:     "org.opensearch.index.fielddata.ScriptDocValues$Dates",
	DocGeoPoints: "org.opensearch.index.fielddata.ScriptDocValues$GeoPoints",
	DocVector:    "org.opensearch.knn.index.KNNVectorScriptDocValues",
}

// DocField is how a DocLookup reads one mapped field of the current document.
type DocField struct {
	Kind DocKind
	// Err, when set, is the IllegalArgumentException loading the field raises (a text
	// field without fielddata).
	Err string
	// Longs appends the current document's values of a Longs, Booleans (0 or 1) or
	// Dates (epoch milliseconds) field, in ascending order.
	Longs func(dst []int64) []int64
	// Doubles appends the values of a Doubles field, in ascending order; for
	// GeoPoints, each point's latitude then longitude.
	Doubles func(dst []float64) []float64
	// Strings appends the values of a Strings field, sorted and deduplicated.
	Strings func(dst []string) []string
	// Vector returns the current document's knn_vector (nil when it has
	// none); Binary marks a binary one (knn_functions.go).
	Vector func() []float32
	Binary bool
}

// DocLookup is the `doc` variable of a search script. Resolve finds a field by its full
// path (false when the mapping has no such field); it is called once per field, the
// DocField's readers once per access, so one DocLookup serves every document of a shard
// when the caller moves the readers to the next document. It is not safe for concurrent
// use: each goroutine searching a shard builds its own.
type DocLookup struct {
	resolve func(field string) (DocField, bool)
	fields  map[string]*docValues
}

// NewDocLookup returns a lookup reading fields through resolve.
func NewDocLookup(resolve func(field string) (DocField, bool)) *DocLookup {
	return &DocLookup{resolve: resolve, fields: map[string]*docValues{}}
}

// docValues is one field's ScriptDocValues, reloaded on every doc[...] access as
// LeafDocLookup.get calls setNextDocId.
type docValues struct {
	f       DocField
	longs   []int64
	doubles []float64
	strs    []string
	n       int
	vec     []float32 // a DocVector's vector
	name    string
}

// get is LeafDocLookup.get: an unmapped field is an IllegalArgumentException.
func (d *DocLookup) get(key any) *docValues {
	name, ok := key.(string)
	if !ok {
		name = javaString(key)
	}
	dv, cached := d.fields[name]
	if !cached {
		f, mapped := d.resolve(name)
		if !mapped {
			throwIAE("No field found for [" + name + "] in mapping")
		}
		dv = &docValues{f: f, name: name}
		d.fields[name] = dv
	}
	if dv.f.Err != "" {
		throwIAE(dv.f.Err)
	}
	dv.load()
	return dv
}

// containsKey is LeafDocLookup.containsKey: whether the mapping has the field.
func (d *DocLookup) containsKey(key any) bool {
	name := javaString(key)
	if _, ok := d.fields[name]; ok {
		return true
	}
	_, mapped := d.resolve(name)
	return mapped
}

func (v *docValues) load() {
	switch v.f.Kind {
	case DocVector:
		v.vec, v.n = v.f.Vector(), 0
		if v.vec != nil {
			v.n = 1
		}
	case DocDoubles:
		v.doubles = v.f.Doubles(v.doubles[:0])
		v.n = len(v.doubles)
	case DocGeoPoints:
		v.doubles = v.f.Doubles(v.doubles[:0])
		v.n = len(v.doubles) / 2
	case DocStrings:
		v.strs = v.f.Strings(v.strs[:0])
		v.n = len(v.strs)
	default:
		v.longs = v.f.Longs(v.longs[:0])
		v.n = len(v.longs)
	}
}

// noValue is the IllegalStateException every ScriptDocValues.get raises on a document
// without the field.
const noValue = "A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!"

// at is ScriptDocValues.get(index) after Painless's normalizeIndex (negative indexes count
// from the end).
func (v *docValues) at(i int64) any {
	if v.n == 0 {
		throw("IllegalStateException", noValue)
	}
	j := i
	if j < 0 {
		j += int64(v.n)
	}
	if j < 0 || j >= int64(v.n) {
		if v.f.Kind == DocDates {
			throw("IndexOutOfBoundsException", "attempted to fetch the ["+strconv.FormatInt(i, 10)+"] date when there are only ["+strconv.Itoa(v.n)+"] dates.")
		}
		// OpenSearch reads past the values into its reused buffer here; the fake
		// fails rather than make a value up.
		throw("ArrayIndexOutOfBoundsException", "[fake] index "+strconv.FormatInt(i, 10)+" is past the field's "+strconv.Itoa(v.n)+" values")
	}
	return v.item(int(j))
}

func (v *docValues) item(j int) any {
	switch v.f.Kind {
	case DocVector: // getValue() is the float[]
		items := make([]any, len(v.vec))
		for i, x := range v.vec {
			items[i] = x
		}
		return &List{Items: items}
	case DocGeoPoints:
		// A GeoPoint: read as a map with lat and lon, printed {"lat","lon"}.
		m := NewMap(2)
		m.Set("lat", v.doubles[2*j])
		m.Set("lon", v.doubles[2*j+1])
		m.class, m.readOnly, m.roReason = "org.opensearch.common.geo.GeoPoint", true, "GeoPoint is immutable"
		return m
	case DocDoubles:
		return v.doubles[j]
	case DocStrings:
		return v.strs[j]
	case DocBooleans:
		return v.longs[j] == 1
	case DocDates:
		ms := v.longs[j]
		t := time.UnixMilli(ms).UTC()
		return &ZonedDateTime{Sec: t.Unix(), Nano: int32(t.Nanosecond()), joda: true}
	}
	return v.longs[j]
}

// list is the values as an unmodifiable List, for the List methods ScriptDocValues
// inherits (contains, indexOf, stream, forEach...).
func (v *docValues) list() *List {
	items := make([]any, v.n)
	for i := range items {
		items[i] = v.item(i)
	}
	return &List{Items: items, locked: true, roReason: "doc values are unmodifiable"}
}

// docLookupField is `doc.name`: the Map shortcut for get, except the getters Map has.
func docLookupField(d *DocLookup, name string) any {
	if name == "empty" {
		throwUnsupported("")
	}
	return d.get(name)
}

// docValuesField is `doc['f'].name`: getValue, isEmpty and Painless's List.getLength
// through their getter names, else List's numeric shortcut.
func docValuesField(v *docValues, name string) any {
	switch name {
	case "value":
		return v.at(0)
	case "empty":
		return v.n == 0
	case "length":
		return int32(v.n)
	}
	i, err := strconv.Atoi(name)
	if err != nil {
		throwIAE("Illegal list shortcut value [" + name + "].")
	}
	return v.at(int64(i))
}

func docLookupMethod(d *DocLookup, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "get/1":
		return d.get(args[0]), true
	case "containsKey/1":
		return d.containsKey(args[0]), true
	case "size/0", "isEmpty/0", "containsValue/1", "put/2", "remove/1", "putAll/1", "clear/0",
		"keySet/0", "values/0", "entrySet/0":
		throwUnsupported("")
	}
	return nil, false
}

func docValuesMethod(v *docValues, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "getValue/0":
		return v.at(0), true
	case "get/1":
		return v.at(int64(intArg(args[0]))), true
	case "size/0":
		return int32(v.n), true
	case "isEmpty/0":
		return v.n == 0, true
	}
	l := v.list()
	if r, ok := listMethod(l, name, args); ok {
		return r, true
	}
	return iterableMethod(l, l.Items, name, args)
}

// zonedJodaMethod adds JodaCompatibleZonedDateTime's own methods (doc values of date
// fields) to ZonedDateTime's.
func zonedJodaMethod(r *run, z *ZonedDateTime, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "getMillis/0":
		if r != nil && r.warn != nil {
			r.warn("Use of the joda time method [getMillis()] is deprecated. Use [toInstant().toEpochMilli()] instead.")
		}
		return z.Sec*1000 + int64(z.Nano)/1_000_000, true
	}
	return nil, false
}

// FieldValues returns a script_fields result as the values of the hit's field: a List's
// (or doc values') elements, else the value itself as the only one. Elements are native
// values for EncodeJSON.
func FieldValues(v any) []any {
	switch x := v.(type) {
	case *List:
		return append([]any(nil), x.Items...)
	case *Set:
		return x.iter()
	case *docValues:
		return x.list().Items
	}
	return []any{v}
}
