package indices

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

func TestUpdateAliases(t *testing.T) {
	s := newService(t, "a", "b")
	accept := func(string, *Alias) *apierr.Error { return nil }
	if e := s.UpdateAliases([]AliasAction{{Kind: "add", IndexExpr: "a,b", Aliases: []string{"both"}, Def: &Alias{}}}, accept); e != nil {
		t.Fatal(e)
	}
	if got, _ := s.Resolve("both", DefaultOptions()); len(got) != 2 {
		t.Fatalf("both resolves to %v", got)
	}
	// A failing action stops the whole change: the first add is not made.
	yes := true
	e := s.UpdateAliases([]AliasAction{
		{Kind: "add", IndexExpr: "a", Aliases: []string{"first"}, Def: &Alias{}},
		{Kind: "remove", IndexExpr: "a", Aliases: []string{"nope"}, MustExist: &yes},
	}, accept)
	if e == nil || e.Type != "aliases_not_found_exception" || e.Reason != "aliases [nope] missing" {
		t.Fatalf("must_exist: %+v", e)
	}
	if _, e := s.Resolve("first", DefaultOptions()); e == nil {
		t.Fatal("the add before a failing action was applied")
	}
	// Unset must_exist fails only when none of the aliases exists.
	if e := s.UpdateAliases([]AliasAction{{Kind: "remove", IndexExpr: "a", Aliases: []string{"both", "nope"}}}, accept); e != nil {
		t.Fatalf("one of two exists: %+v", e)
	}
	rejected := apierr.IllegalArgument("bad filter")
	if e := s.UpdateAliases([]AliasAction{{Kind: "add", IndexExpr: "a", Aliases: []string{"x"}, Def: &Alias{}}},
		func(string, *Alias) *apierr.Error { return rejected }); e != rejected {
		t.Fatalf("validate: %+v", e)
	}
	if e := s.UpdateAliases([]AliasAction{{Kind: "remove_index", IndexExpr: "b"}}, accept); e != nil {
		t.Fatal(e)
	}
	if _, ok := s.Get("b"); ok {
		t.Fatal("remove_index left the index")
	}
}
