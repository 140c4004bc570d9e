package indices

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Settings is the settings object of one index, in the nested form ({"index": {...}}) or,
// with flat_settings, the flat form ({"index.number_of_shards": "1"}). Decoding remembers
// the form and encoding writes it back the same way.
type Settings struct {
	Index IndexSettings
	// Other holds settings outside the "index" namespace, keyed as sent.
	Other map[string]json.RawMessage
	// Flat is true for the flat_settings form.
	Flat bool

	nestedIndex bool // an "index" object was read, so an empty one is written back
}

// IndexSettings are the index.* settings. The server sends every value as a string; the
// documented ones have fields, and parsing helpers (CreationTime, Shards, Replicas).
type IndexSettings struct {
	CreationDate     string        // creation_date: epoch milliseconds
	NumberOfShards   string        // number_of_shards
	NumberOfReplicas string        // number_of_replicas
	UUID             string        // uuid
	ProvidedName     string        // provided_name: the name as given at creation
	Version          *IndexVersion // version.created / version.upgraded
	// Rest holds every other index setting, keyed relative to "index": in the nested form
	// as objects ("replication": {"type": "DOCUMENT"}), in the flat form dotted
	// ("replication.type": "DOCUMENT").
	Rest map[string]json.RawMessage
}

// IndexVersion holds the encoded server versions that created and last upgraded the index.
type IndexVersion struct {
	Created  string `json:"created,omitempty"`
	Upgraded string `json:"upgraded,omitempty"`
}

// CreationTime parses creation_date.
func (s *IndexSettings) CreationTime() (time.Time, error) {
	ms, err := strconv.ParseInt(s.CreationDate, 10, 64)
	if err != nil {
		return time.Time{}, errors.New("indices: creation_date " + strconv.Quote(s.CreationDate) + " is not epoch milliseconds")
	}
	return time.UnixMilli(ms).UTC(), nil
}

// Shards parses number_of_shards.
func (s *IndexSettings) Shards() (int, error) { return strconv.Atoi(s.NumberOfShards) }

// Replicas parses number_of_replicas.
func (s *IndexSettings) Replicas() (int, error) { return strconv.Atoi(s.NumberOfReplicas) }

// stringField points at the typed field for a key relative to "index" ("uuid", "version.created").
func (s *IndexSettings) stringField(key string) *string {
	switch key {
	case "creation_date":
		return &s.CreationDate
	case "number_of_shards":
		return &s.NumberOfShards
	case "number_of_replicas":
		return &s.NumberOfReplicas
	case "uuid":
		return &s.UUID
	case "provided_name":
		return &s.ProvidedName
	case "version.created":
		s.ensureVersion()
		return &s.Version.Created
	case "version.upgraded":
		s.ensureVersion()
		return &s.Version.Upgraded
	}
	return nil
}

func (s *IndexSettings) ensureVersion() {
	if s.Version == nil {
		s.Version = &IndexVersion{}
	}
}

// set stores one setting: in its typed field when it has one and holds a string, in Rest otherwise.
func (s *IndexSettings) set(key string, raw json.RawMessage) {
	if len(raw) > 0 && raw[0] == '"' && isTyped(key) {
		var v string
		if jsonx.Unmarshal(raw, &v) == nil && v != "" { // "" stays in Rest: an empty field means absent
			*s.stringField(key) = v
			return
		}
	}
	if s.Rest == nil {
		s.Rest = map[string]json.RawMessage{}
	}
	s.Rest[key] = raw
}

func isTyped(key string) bool {
	switch key {
	case "creation_date", "number_of_shards", "number_of_replicas", "uuid", "provided_name", "version.created", "version.upgraded":
		return true
	}
	return false
}

// UnmarshalJSON reads the nested or the flat form.
func (s *Settings) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if err := jsonx.Unmarshal(b, &all); err != nil {
		return err
	}
	*s = Settings{}
	if raw, ok := all["index"]; ok && len(raw) > 0 && raw[0] == '{' {
		var index map[string]json.RawMessage
		if err := jsonx.Unmarshal(raw, &index); err != nil {
			return err
		}
		for k, v := range index {
			if k == "version" && len(v) > 0 && v[0] == '{' {
				if s.setVersion(v) {
					continue
				}
			}
			s.Index.set(k, v)
		}
		delete(all, "index")
		s.nestedIndex = true
	} else {
		for k, v := range all {
			if rel, ok := strings.CutPrefix(k, "index."); ok {
				s.Flat = true
				s.Index.set(rel, v)
				delete(all, k)
			}
		}
	}
	if len(all) > 0 {
		s.Other = all
	}
	return nil
}

// setVersion takes a nested version object when it holds only string created/upgraded.
func (s *Settings) setVersion(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if jsonx.Unmarshal(raw, &m) != nil {
		return false
	}
	var v IndexVersion
	for k, e := range m {
		var str string
		if (k != "created" && k != "upgraded") || jsonx.Unmarshal(e, &str) != nil || str == "" {
			return false
		}
		if k == "created" {
			v.Created = str
		} else {
			v.Upgraded = str
		}
	}
	s.Index.Version = &v
	return true
}

// MarshalJSON writes the form that was read (Flat).
func (s Settings) MarshalJSON() ([]byte, error) {
	out := map[string]json.RawMessage{}
	for k, v := range s.Other {
		out[k] = v
	}
	ix := s.Index
	typed := []struct{ key, value string }{
		{"creation_date", ix.CreationDate}, {"number_of_shards", ix.NumberOfShards}, {"number_of_replicas", ix.NumberOfReplicas},
		{"uuid", ix.UUID}, {"provided_name", ix.ProvidedName},
	}
	if s.Flat {
		for _, f := range typed {
			if f.value != "" {
				out["index."+f.key] = quote(f.value)
			}
		}
		if ix.Version != nil {
			if ix.Version.Created != "" {
				out["index.version.created"] = quote(ix.Version.Created)
			}
			if ix.Version.Upgraded != "" {
				out["index.version.upgraded"] = quote(ix.Version.Upgraded)
			}
		}
		for k, v := range ix.Rest {
			out["index."+k] = v
		}
		return jsonx.Marshal(out)
	}
	index := map[string]any{}
	for k, v := range ix.Rest {
		index[k] = v
	}
	for _, f := range typed {
		if f.value != "" {
			index[f.key] = f.value
		}
	}
	if ix.Version != nil {
		index["version"] = ix.Version
	}
	if len(index) > 0 || s.nestedIndex {
		raw, err := jsonx.Marshal(index)
		if err != nil {
			return nil, err
		}
		out["index"] = raw
	}
	return jsonx.Marshal(out)
}

func quote(s string) json.RawMessage { b, _ := jsonx.Marshal(s); return b }
