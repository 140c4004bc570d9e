package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// innerScriptFieldsKind checks an inner_hits script_fields value's kind:
// InnerHitBuilder declares it as an object, and ObjectParser refuses another
// token before it runs (so unwrapped) the field's parser, which reads the
// script fields as the search body's are.
func innerScriptFieldsKind(v *xcontent.Value) error {
	if v.Kind != xcontent.Object {
		return apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [inner_hits] script_fields doesn't support values of type: "+v.Token())
	}
	return nil
}
