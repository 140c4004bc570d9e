package apierr

import (
	"fmt"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// UnknownUUID is the index_uuid printed for an index that does not exist.
const UnknownUUID = "_na_"

// Resource types of index_not_found_exception, chosen by how names resolve.
const (
	ResourceIndexOrAlias    = "index_or_alias"
	ResourceIndexExpression = "index_expression"
)

// IllegalArgument is a 400 illegal_argument_exception.
func IllegalArgument(format string, args ...any) *Error {
	return New(TypeIllegalArgument, fmt.Sprintf(format, args...))
}

// IndexNotFound is the 404 for a missing index; resourceType is index_or_alias for
// wildcard-expanding requests and index_expression for single-index ones.
func IndexNotFound(name, resourceType string) *Error {
	return New(TypeIndexNotFound, "no such index ["+name+"]",
		Meta{"index", name}, Meta{"resource.id", name}, Meta{"resource.type", resourceType},
		Meta{"index_uuid", UnknownUUID})
}

// NoIndicesExist is the 404 for "_all" or an empty list matching nothing
// with allow_no_indices=false. 2.x's IndexNameExpressionResolver builds it
// as IndexNotFoundException("no indices exist", null), whose constructor
// prefixes "no such index [null] and " and records no index, then names the
// expression as an index_expression resource.
func NoIndicesExist() *Error { return noIndexFor("_all", "no such index [null] and no indices exist") }

// NoIndexMatched is the same resolver's 404 for a lone match-all wildcard
// ("*") matching nothing: IndexNotFoundException(null).
func NoIndexMatched(expr string) *Error { return noIndexFor(expr, "no such index [null]") }

func noIndexFor(expr, reason string) *Error {
	return New(TypeIndexNotFound, reason, Meta{"resource.id", expr}, Meta{"resource.type", ResourceIndexExpression})
}

// InvalidIndexName is the 400 for a name that breaks a naming rule.
func InvalidIndexName(name, why string) *Error {
	return New(TypeInvalidIndexName, "Invalid index name ["+name+"], "+why,
		Meta{"index", name}, Meta{"index_uuid", UnknownUUID})
}

// IndexAlreadyExists is the 400 when creating an existing index.
func IndexAlreadyExists(name, uuid string) *Error {
	return New(TypeResourceAlreadyExists, "index ["+name+"/"+uuid+"] already exists",
		Meta{"index", name}, Meta{"index_uuid", uuid})
}

// shardMeta is the metadata of document-level engine errors.
func shardMeta(index string, shard int, uuid string) []Meta {
	return []Meta{{"index", index}, {"shard", fmt.Sprint(shard)}, {"index_uuid", uuid}}
}

// VersionConflict is the 409 for a failed concurrency check; explanation is the
// text after "version conflict, ".
func VersionConflict(id, explanation, index string, shard int, uuid string) *Error {
	return New(TypeVersionConflict, "["+id+"]: version conflict, "+explanation, shardMeta(index, shard, uuid)...)
}

// DocumentMissing is the 404 for an update of a missing document.
func DocumentMissing(id, index string, shard int, uuid string) *Error {
	return New(TypeDocumentMissing, "["+id+"]: document missing", shardMeta(index, shard, uuid)...)
}

// MapperParsing is a 400 mapper_parsing_exception.
func MapperParsing(format string, args ...any) *Error {
	return New(TypeMapperParsing, fmt.Sprintf(format, args...))
}

// Parse is a 400 parse_exception (e.g. "request body is required").
func Parse(format string, args ...any) *Error {
	return New(TypeParse, fmt.Sprintf(format, args...))
}

// Validation is a 400 action_request_validation_exception listing msgs as
// "Validation Failed: 1: a;2: b;".
func Validation(msgs ...string) *Error {
	var b strings.Builder
	b.WriteString("Validation Failed: ")
	for i, m := range msgs {
		fmt.Fprintf(&b, "%d: %s;", i+1, m)
	}
	return New(TypeActionRequestValidation, b.String())
}

// Unsupported names a feature the fake does not implement (501), so a test
// never gets a silent wrong answer.
func Unsupported(feature string) *Error {
	return New(TypeUnsupportedOperation, "clustersearch-fake does not support "+feature+" yet")
}

// Internal is the 500 a recovered panic or unexpected failure becomes.
func Internal(reason string) *Error {
	return New(TypeInternal, reason)
}

// MethodNotAllowed is the plain-string 405 with its Allow header.
func MethodNotAllowed(uri, method string, allowed []string) *Error {
	e := &Error{Status: 405, Plain: true,
		Reason: "Incorrect HTTP method for uri [" + uri + "] and method [" + method + "], allowed: [" + strings.Join(allowed, ", ") + "]",
		Header: map[string][]string{"Allow": {strings.Join(allowed, ",")}}}
	return e
}

// NoHandler is the 2.x 400 for a path no route matches; its body has no status.
func NoHandler(path, method string) *Error {
	return &Error{Status: 400, Plain: true, NoStatus: true,
		Reason: "no handler found for uri [" + path + "] and method [" + method + "]"}
}

// Plain is a plain-string error {"error":"<msg>","status":N}.
func Plain(status int, msg string) *Error {
	return &Error{Status: status, Plain: true, Reason: msg}
}

// Unauthorized is the 401 of the security plugin for missing or wrong credentials.
func Unauthorized() *Error {
	e := &Error{Status: 401, Plain: true, Text: true, Reason: "Unauthorized",
		Header: map[string][]string{"Www-Authenticate": {`Basic realm="OpenSearch Security"`}}}
	return e
}

// FromXContent converts a body parse error of the xcontent package (Jackson's
// messages, line/col metadata for parsing_exception, causes).
func FromXContent(e *xcontent.Error) *Error {
	if e == nil {
		return nil
	}
	out := &Error{Status: e.Status, Type: e.Type, Reason: e.Reason}
	if out.Status == 0 {
		out.Status = StatusOf(e.Type)
	}
	if e.Line > 0 {
		out.Meta = []Meta{{Key: "line", Value: e.Line}, {Key: "col", Value: e.Col}}
	}
	if e.CausedBy != nil {
		out.Cause = FromXContent(e.CausedBy)
	}
	return out
}

// JSONSyntax explains why data is not acceptable JSON with the error the
// server's parser gives; fallback is used when that parser accepts it.
func JSONSyntax(data []byte, fallback error) *Error {
	if _, err := xcontent.Parse(data); err != nil {
		if xe, ok := err.(*xcontent.Error); ok {
			return FromXContent(xe)
		}
		return New(TypeJSONParse, err.Error())
	}
	return New(TypeJSONParse, fallback.Error())
}
