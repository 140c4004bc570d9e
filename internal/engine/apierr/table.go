package apierr

import "strings"

// Exception type names. Every "type" string the fake writes is one of these.
const (
	TypeIllegalArgument         = "illegal_argument_exception"
	TypeIndexNotFound           = "index_not_found_exception"
	TypeInvalidIndexName        = "invalid_index_name_exception"
	TypeResourceAlreadyExists   = "resource_already_exists_exception"
	TypeResourceNotFound        = "resource_not_found_exception"
	TypeVersionConflict         = "version_conflict_engine_exception"
	TypeDocumentMissing         = "document_missing_exception"
	TypeMapperParsing           = "mapper_parsing_exception"
	TypeParsing                 = "parsing_exception"
	TypeParse                   = "parse_exception"
	TypeXContentParse           = "x_content_parse_exception"
	TypeJSONParse               = "json_parse_exception"
	TypeNumberFormat            = "number_format_exception"
	TypeActionRequestValidation = "action_request_validation_exception"
	TypeSettings                = "settings_exception"
	TypeIllegalState            = "illegal_state_exception"
	TypeStatus                  = "status_exception"
	TypeSecurity                = "security_exception"
	TypeTimeout                 = "timeout_exception"
	TypeProcessClusterEvent     = "process_cluster_event_timeout_exception"
	TypeStrictDynamicMapping    = "strict_dynamic_mapping_exception"
	TypeUnsupportedOperation    = "unsupported_operation_exception"
	TypeQueryShard              = "query_shard_exception"
	TypeSearchPhaseExecution    = "search_phase_execution_exception"
	TypeRejectedExecution       = "rejected_execution_exception"
	TypeInternal                = "exception"
	TypeSearchContextMissing    = "search_context_missing_exception"
	TypeClusterBlock            = "cluster_block_exception"
	TypeBadParameter            = "bad_parameter_exception"
)

// entry is one row of the error table.
type entry struct {
	status int
	// class is the Java class the real server throws; error_trace prints it.
	class string
}

// table maps each type to its HTTP status (ExceptionsHelper.status) and Java class.
var table = map[string]entry{
	TypeIllegalArgument:         {400, "java.lang.IllegalArgumentException"},
	TypeIndexNotFound:           {404, "org.opensearch.index.IndexNotFoundException"},
	TypeInvalidIndexName:        {400, "org.opensearch.indices.InvalidIndexNameException"},
	TypeResourceAlreadyExists:   {400, "org.opensearch.ResourceAlreadyExistsException"},
	TypeResourceNotFound:        {404, "org.opensearch.ResourceNotFoundException"},
	TypeVersionConflict:         {409, "org.opensearch.index.engine.VersionConflictEngineException"},
	TypeDocumentMissing:         {404, "org.opensearch.index.engine.DocumentMissingException"},
	TypeMapperParsing:           {400, "org.opensearch.index.mapper.MapperParsingException"},
	TypeParsing:                 {400, "org.opensearch.core.common.ParsingException"},
	TypeParse:                   {400, "org.opensearch.OpenSearchParseException"},
	TypeXContentParse:           {400, "org.opensearch.core.xcontent.XContentParseException"},
	TypeJSONParse:               {400, "com.fasterxml.jackson.core.JsonParseException"},
	TypeNumberFormat:            {400, "java.lang.NumberFormatException"},
	TypeActionRequestValidation: {400, "org.opensearch.action.ActionRequestValidationException"},
	TypeSettings:                {500, "org.opensearch.common.settings.SettingsException"},
	TypeIllegalState:            {500, "java.lang.IllegalStateException"},
	TypeStatus:                  {500, "org.opensearch.OpenSearchStatusException"},
	TypeSecurity:                {401, "org.opensearch.OpenSearchSecurityException"},
	TypeTimeout:                 {500, "org.opensearch.OpenSearchTimeoutException"},
	TypeProcessClusterEvent:     {503, "org.opensearch.cluster.metadata.ProcessClusterEventTimeoutException"},
	TypeStrictDynamicMapping:    {400, "org.opensearch.index.mapper.StrictDynamicMappingException"},
	TypeUnsupportedOperation:    {501, "java.lang.UnsupportedOperationException"},
	TypeQueryShard:              {400, "org.opensearch.index.query.QueryShardException"},
	TypeSearchPhaseExecution:    {500, "org.opensearch.action.search.SearchPhaseExecutionException"},
	TypeRejectedExecution:       {429, "org.opensearch.core.concurrency.OpenSearchRejectedExecutionException"},
	TypeInternal:                {500, "java.lang.Exception"},
	TypeSearchContextMissing:    {404, "org.opensearch.search.SearchContextMissingException"},
	"script_exception":          {400, "org.opensearch.script.ScriptException"},
	// Only ever sent by dispatchBadRequest, which answers 400 whatever the class.
	TypeBadParameter: {400, "org.opensearch.rest.RestRequest$BadParameterException"},
	// The index template services' own exceptions.
	"invalid_index_template_exception": {400, "org.opensearch.indices.InvalidIndexTemplateException"},
	"index_template_missing_exception": {404, "org.opensearch.indices.IndexTemplateMissingException"},
	TypeClusterBlock:                   {403, "org.opensearch.cluster.block.ClusterBlockException"},
}

// StatusOf returns the HTTP status the real server uses for an exception type;
// unknown types are 500 as in ExceptionsHelper.status.
func StatusOf(typ string) int {
	if e, ok := table[typ]; ok {
		return e.status
	}
	return 500
}

// ClassOf returns the Java class name for an exception type, for stack traces.
func ClassOf(typ string) string {
	if e, ok := table[typ]; ok {
		return e.class
	}
	return "java.lang.Exception"
}

// class is the exception's Java class.
func (e *Error) class() string {
	if e.Class != "" {
		return e.Class
	}
	return ClassOf(e.Type)
}

// isOpenSearch reports whether the exception's class extends OpenSearchException.
func (e *Error) isOpenSearch() bool {
	return strings.HasPrefix(e.class(), "org.opensearch.") && e.Type != TypeXContentParse
}
