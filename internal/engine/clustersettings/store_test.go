package clustersettings

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

func flat(t testing.TB, body string) settings.Settings {
	t.Helper()
	v, err := jsonout.Decode([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	s, err := settings.FlattenPlain(v.(jsonout.Object))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestValuesPrecedence(t *testing.T) {
	s := New()
	if v := s.Values(); v.CancelAfterTimeInterval != -1 || v.MaxKeepAlive != 24*time.Hour || v.DefaultKeepAlive != 5*time.Minute ||
		v.PITMaxKeepAlive != 24*time.Hour || v.MaxOpenPITContext != 300 || v.DestructiveRequiresName || v.CheckAutoCreate("any") != nil {
		t.Fatalf("defaults: %+v", v)
	}
	if _, _, err := s.Update(flat(t, `{"search.max_open_pit_context":"4"}`), flat(t, `{"search":{"max_open_pit_context":9}}`)); err != nil {
		t.Fatal(err)
	}
	if n := s.Values().MaxOpenPITContext; n != 9 {
		t.Errorf("transient should win: %d", n)
	}
	if _, _, err := s.Update(settings.Settings{}, flat(t, `{"search.max_open_pit_context":null}`)); err != nil {
		t.Fatal(err)
	}
	if n := s.Values().MaxOpenPITContext; n != 4 {
		t.Errorf("persistent after the transient reset: %d", n)
	}
	var nilStore *Store
	if nilStore.Values().MaxOpenPITContext != 300 {
		t.Error("a nil store should give the defaults")
	}
}

func TestAutoCreatePatterns(t *testing.T) {
	for _, c := range []struct{ setting, index, want string }{
		{"true", "a", ""},
		{"false", "a", "no such index [a] and [action.auto_create_index] is [false]"},
		{" a* , -b*", "ab", ""},
		{" a* , -b*", "b", "no such index [b] and [action.auto_create_index] contains [-b*] which forbids automatic creation of the index"},
		{"-a*,+*", "ab", "no such index [ab] and [action.auto_create_index] contains [-a*] which forbids automatic creation of the index"},
		{"-a*,+*", "zz", ""},
		{"x", "y", "no such index [y] and [action.auto_create_index] ([x]) doesn't match"},
	} {
		ac, err := parseAutoCreate(c.setting)
		if err != nil {
			t.Fatalf("%q: %v", c.setting, err)
		}
		got := ""
		if e := ac.check(c.index); e != nil {
			got = e.Reason
		}
		if got != c.want {
			t.Errorf("%q on %q: got %q, want %q", c.setting, c.index, got, c.want)
		}
	}
	for _, bad := range []string{"", ",", "a,", "-", "a,+"} {
		if _, err := parseAutoCreate(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestPersistentJSONRoundTrip(t *testing.T) {
	s := New()
	if _, _, err := s.Update(flat(t, `{"search.max_keep_alive":"2d","action.auto_create_index":"-x"}`), flat(t, `{"search.max_open_pit_context":1}`)); err != nil {
		t.Fatal(err)
	}
	data := s.PersistentJSON()
	if string(data) != `{"action.auto_create_index":"-x","search.max_keep_alive":"2d"}` {
		t.Errorf("persisted %s", data)
	}
	r := New()
	if err := r.RestorePersistent(data); err != nil {
		t.Fatal(err)
	}
	if v := r.Values(); v.MaxKeepAlive != 48*time.Hour || v.MaxOpenPITContext != 300 || v.CheckAutoCreate("x") == nil {
		t.Errorf("restored %+v", v)
	}
	if err := r.RestorePersistent([]byte(`{"nope":"1"}`)); err == nil {
		t.Error("an unknown saved setting restored")
	}
	// A persistent max below the default was accepted with a transient
	// default; restarted without it, the cluster still starts.
	c := New()
	if _, _, err := c.Update(flat(t, `{"search.max_keep_alive":"1m"}`), flat(t, `{"search.default_keep_alive":"30s"}`)); err != nil {
		t.Fatal(err)
	}
	if err := New().RestorePersistent(c.PersistentJSON()); err != nil {
		t.Errorf("restore refused: %v", err)
	}
}

// FuzzUpdate feeds arbitrary update bodies to the store: no panic, and an
// accepted update always leaves values the validators accept.
func FuzzUpdate(f *testing.F) {
	for _, seed := range []string{
		`{"persistent":{"search.max_keep_alive":"1h"}}`,
		`{"transient":{"search":{"default_keep_alive":"10m","max_keep_alive":"1m"}}}`,
		`{"persistent":{"action.auto_create_index":"+a*,-b,,"},"transient":{"search.*":null}}`,
		`{"persistent":{"search.max_open_pit_context":[1,2]},"transient":{"x":{"y":null}}}`,
		`{"persistent":{"search.max_keep_alive":"1m"},"transient":{"search.default_keep_alive":"30s"}}`,
		`{"persistent":{"point_in_time.max_keep_alive":"-1","cluster.name":null}}`,
		`{"transient":{"search.cancel_after_time_interval":"1.5s","action.destructive_requires_name":true}}`,
		`{"persistent":{"script.context.update.max_compilations_rate":"10/1m","script.context.x.max_compilations_rate":"unlimited"}}`,
		`{"transient":{"script":{"context":{"score":{"max_compilations_rate":"0/2h"},"aggs":{"max_compilations_rate":"5/1m"}}}}}`,
		`{"transient":{"script.context.field.max_compilations_rate":"1/1d"},"persistent":{"script.context.update.max_compilations_rate":"unlimited"}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		v, err := jsonout.Decode([]byte(body))
		if err != nil {
			return
		}
		obj, ok := v.(jsonout.Object)
		if !ok {
			return
		}
		blocks := map[string]settings.Settings{"persistent": {}, "transient": {}}
		for _, fld := range obj {
			inner, ok := fld.Value.(jsonout.Object)
			if _, want := blocks[fld.Key]; !want || !ok {
				continue
			}
			s, ferr := settings.FlattenPlain(inner)
			if ferr != nil {
				return
			}
			blocks[fld.Key] = s
		}
		s := New()
		if _, _, aerr := s.Update(blocks["persistent"], blocks["transient"]); aerr != nil {
			if s.Values().MaxOpenPITContext != 300 {
				t.Fatal("a refused update changed the values")
			}
			return
		}
		val := s.Values()
		if val.DefaultKeepAlive > val.MaxKeepAlive || val.DefaultKeepAlive > val.PITMaxKeepAlive {
			t.Fatalf("accepted inconsistent keep-alives: %+v", val)
		}
		p, tr := s.Settings()
		for _, set := range []settings.Settings{p, tr} {
			for k := range set {
				if d, ok := lookup(k); !ok || !d.dynamic {
					t.Fatalf("stored %q", k)
				}
			}
		}
		if err := New().RestorePersistent(s.PersistentJSON()); err != nil {
			t.Fatalf("saved settings do not restore: %v", err)
		}
	})
}

func TestUnsupportedSettings(t *testing.T) {
	s := New()
	for _, k := range []string{"script.context.aggs.max_compilations_rate", "script.context.score.cache_max_size", "script.max_compilations_rate",
		"search.max_open_scroll_context", "cluster.max_shards_per_node", "logger.org.opensearch"} {
		_, _, err := s.Update(settings.Settings{k: settings.Value{Str: "1"}}, nil)
		if err == nil || err.Status != 501 || err.Reason != "clustersearch-fake does not support the cluster setting ["+k+"] yet" {
			t.Errorf("%s: %v", k, err)
		}
	}
	for _, k := range []string{"script.context..max_compilations_rate", "script.context.a.b.cache_expire", "script.contexts"} {
		if _, _, err := s.Update(settings.Settings{k: settings.Value{Str: "1"}}, nil); err == nil || err.Reason != "persistent setting ["+k+"], not recognized" {
			t.Errorf("%s: %v", k, err)
		}
	}
}

func TestRenderHashMap2Order(t *testing.T) {
	s := flat(t, `{"search.max_keep_alive":"1h","search.default_keep_alive":"1m","search.max_open_pit_context":"3","search.cancel_after_time_interval":"1s","action.auto_create_index":"false"}`)
	got, err := jsonout.Marshal(Render(s, false))
	if err != nil {
		t.Fatal(err)
	}
	// Top level: 2 keys, capacity 4 (action 1, search 2). "search": 4 keys,
	// capacity 8: default_keep_alive 5, max_open_pit_context 1,
	// cancel_after_time_interval 3, max_keep_alive 6.
	const want = `{"action":{"auto_create_index":"false"},"search":{"max_open_pit_context":"3","cancel_after_time_interval":"1s","default_keep_alive":"1m","max_keep_alive":"1h"}}`
	if string(got) != want {
		t.Errorf("nested\n got %s\nwant %s", got, want)
	}
}
