package fake

// PutPipeline stores an ingest pipeline without HTTP, as PUT
// /_ingest/pipeline/{id} does; body (description, processors, on_failure) is
// JSON in any form the other helpers accept. A bad pipeline returns the
// parse_exception the API would answer.
func (s *Server) PutPipeline(id string, body any) error {
	raw, err := sourceBytes(body)
	if err != nil {
		return err
	}
	return s.docops.PutPipeline(id, raw)
}

// DeletePipeline removes the pipelines matching id (a name or wildcard
// pattern) without HTTP; none matching is the resource_not_found_exception
// the API answers.
func (s *Server) DeletePipeline(id string) error { return s.docops.DeletePipeline(id) }
