package notify

import (
	"fmt"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Snapshot returns every configuration with its metadata as JSON, in doc
// order, for the data-directory feature to persist.
func (s *Service) Snapshot() []byte {
	var w jsonWriter
	w.obj()
	w.key("configs")
	w.arr()
	for _, r := range s.store.all() {
		w.obj()
		w.strField("config_id", r.id)
		w.intField("created_time_ms", r.created)
		w.intField("last_updated_time_ms", r.updated)
		w.intField("version", r.version)
		w.key("config")
		r.cfg.writeJSON(&w)
		w.end()
	}
	w.endArr()
	w.end()
	return w.bytes()
}

// Restore replaces all configurations with those of a [Service.Snapshot].
// On error nothing changes.
func (s *Service) Restore(data []byte) error {
	root, perr := parseJSON(data)
	if perr != nil {
		return perr
	}
	if perr := expect(root, xcontent.Object); perr != nil {
		return perr
	}
	var recs []*record
	for i := range root.Members {
		if root.Members[i].Key != "configs" {
			continue
		}
		list := &root.Members[i].Value
		if err := expect(list, xcontent.Array); err != nil {
			return err
		}
		for j := range list.Items {
			r, err := restoreRecord(&list.Items[j])
			if err != nil {
				return err
			}
			recs = append(recs, r)
		}
	}
	seen := map[string]bool{}
	for _, r := range recs {
		if seen[r.id] {
			return fmt.Errorf("notify: snapshot holds config %q twice", r.id)
		}
		seen[r.id] = true
	}
	s.store.replace(recs)
	return nil
}

func restoreRecord(n *xcontent.Value) (*record, error) {
	if err := expect(n, xcontent.Object); err != nil {
		return nil, err
	}
	r := &record{version: 1}
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		var err error
		switch k {
		case "config_id":
			var s string
			var perr *Error
			if s, perr = textValue(v); perr != nil {
				return nil, perr
			}
			r.id = s
		case "created_time_ms":
			r.created, err = strconv.ParseInt(v.Str, 10, 64)
		case "last_updated_time_ms":
			r.updated, err = strconv.ParseInt(v.Str, 10, 64)
		case "version":
			r.version, err = strconv.ParseInt(v.Str, 10, 64)
		case "config":
			cfg, perr := parseConfig(v)
			if perr != nil {
				return nil, perr
			}
			r.cfg = cfg
		}
		if err != nil {
			return nil, fmt.Errorf("notify: snapshot field %s: %w", k, err)
		}
	}
	if r.id == "" || r.cfg == nil || r.cfg.Type == TypeNone {
		return nil, fmt.Errorf("notify: snapshot entry at %s lacks config_id or a valid config", where(n))
	}
	return r, nil
}
