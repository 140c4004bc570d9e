package rest

// settingsHuman is GetSettingsRequest.humanReadable: RestGetSettingsAction
// sets it when the human parameter is present at all, so even human=false
// adds the *_string settings.
func settingsHuman(r *Request) bool {
	_, ok := r.Params["human"]
	return ok
}
