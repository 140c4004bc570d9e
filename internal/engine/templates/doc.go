// Package templates holds the fake cluster's index templates, as
// OpenSearch's MetadataIndexTemplateService keeps them in the cluster
// state: composable index templates (_index_template), the component
// templates they are composed of (_component_template) and legacy
// templates (_template). It parses and validates them, answers the get,
// delete and simulate APIs, and resolves which settings, mappings and
// aliases a new index takes from them (MetadataCreateIndexService).
//
// Data streams are not modelled: a composable template may carry a
// data_stream section (it is stored and shown), but an index whose name
// such a template matches is refused, as the fake cannot create the data
// stream a real cluster would (see Store.Apply).
package templates
