package notify

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// Request body parsing, following common-utils' model parsers field by field
// so that the first failing check is the one the plugin reports.

// parseCreateBody is CreateNotificationConfigRequest.parse.
func parseCreateBody(body []byte) (id *string, cfg *configDoc, err *Error) {
	root, err := parseBody(body)
	if err != nil {
		return nil, nil, err
	}
	for i := range root.Members {
		k, v := root.Members[i].Key, &root.Members[i].Value
		switch k {
		case "config_id":
			if id, err = textOrNull(v); err != nil {
				return nil, nil, err
			}
		case "config":
			if cfg, err = parseConfig(v); err != nil {
				return nil, nil, err
			}
		}
	}
	if cfg == nil {
		return nil, nil, illegalArgument("config field absent")
	}
	if id != nil {
		if err := checkID(*id); err != nil {
			return nil, nil, err
		}
	}
	return id, cfg, nil
}

// parseUpdateBody is UpdateNotificationConfigRequest.parse; a config_id in
// the body wins over the path's.
func parseUpdateBody(body []byte, pathID string) (id string, cfg *configDoc, err *Error) {
	root, err := parseBody(body)
	if err != nil {
		return "", nil, err
	}
	id = pathID
	for i := range root.Members {
		k, v := root.Members[i].Key, &root.Members[i].Value
		switch k {
		case "config_id":
			if id, err = textValue(v); err != nil {
				return "", nil, err
			}
		case "config":
			if cfg, err = parseConfig(v); err != nil {
				return "", nil, err
			}
		}
	}
	if cfg == nil {
		return "", nil, illegalArgument("config field absent")
	}
	return id, cfg, nil
}

// parseBody parses the request body, which must be a JSON object.
func parseBody(body []byte) (*xcontent.Value, *Error) {
	root, err := parseJSON(body)
	if err != nil {
		return nil, err
	}
	if err := expect(root, xcontent.Object); err != nil {
		return nil, err
	}
	return root, nil
}

// parseConfig is NotificationConfig.parse plus its init checks.
func parseConfig(n *xcontent.Value) (*configDoc, *Error) {
	if err := expect(n, xcontent.Object); err != nil {
		return nil, err
	}
	var name, configType *string
	cfg := &configDoc{IsEnabled: true}
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		var err *Error
		switch k {
		case "name":
			var s string
			if s, err = textValue(v); err == nil {
				name = &s
			}
		case "description":
			cfg.Description, err = textValue(v)
		case "config_type":
			var s string
			if s, err = textValue(v); err == nil {
				if !knownType(s) {
					s = TypeNone
				}
				configType = &s
			}
		case "is_enabled":
			cfg.IsEnabled, err = boolValue(v)
		default:
			if knownType(k) && cfg.dataType == "" {
				err = parseData(cfg, k, v)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if name == nil {
		return nil, illegalArgument("name field absent")
	}
	if configType == nil {
		return nil, illegalArgument("config_type field absent")
	}
	cfg.Name, cfg.Type = *name, *configType
	if cfg.Name == "" {
		return nil, illegalArgument("name is null or empty")
	}
	if cfg.Type != TypeNone && cfg.Type != cfg.dataType {
		return nil, illegalArgument("ConfigType: " + cfg.Type + " and data doesn't match")
	}
	if cfg.Type == TypeNone {
		// NONE carries no data; the transport layer rejects it later.
		cfg.URL, cfg.Webhook, cfg.Email, cfg.EmailGroup, cfg.SMTP, cfg.SES, cfg.SNS = nil, nil, nil, nil, nil, nil, nil
		cfg.dataType = ""
	}
	return cfg, nil
}

// parseData parses the block named tag into cfg.
func parseData(cfg *configDoc, tag string, n *xcontent.Value) *Error {
	if err := expect(n, xcontent.Object); err != nil {
		return err
	}
	var err *Error
	switch tag {
	case TypeSlack, TypeChime, TypeMicrosoftTeams:
		cfg.URL, err = parseURLBlock(n)
	case TypeWebhook:
		cfg.Webhook, err = parseWebhook(n)
	case TypeEmail:
		cfg.Email, err = parseEmail(n)
	case TypeEmailGroup:
		cfg.EmailGroup, err = parseEmailGroup(n)
	case TypeSMTPAccount:
		cfg.SMTP, err = parseSMTP(n)
	case TypeSESAccount:
		cfg.SES, err = parseSES(n)
	case TypeSNS:
		cfg.SNS, err = parseSNS(n)
	}
	if err == nil {
		cfg.dataType = tag
	}
	return err
}

func parseURLBlock(n *xcontent.Value) (*urlBlock, *Error) {
	var url *string
	for i := range n.Members {
		if n.Members[i].Key == "url" {
			s, err := textValue(&n.Members[i].Value)
			if err != nil {
				return nil, err
			}
			url = &s
		}
	}
	if url == nil {
		return nil, illegalArgument("url field absent")
	}
	if err := checkURLField(*url); err != nil {
		return nil, err
	}
	return &urlBlock{URL: *url}, nil
}

func checkURLField(url string) *Error {
	if url == "" {
		return illegalArgument("URL is null or empty")
	}
	return checkURL(url)
}

func parseWebhook(n *xcontent.Value) (*webhookBlock, *Error) {
	var url *string
	wh := &webhookBlock{Method: "POST", Headers: []header{}}
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		switch k {
		case "url":
			s, err := textValue(v)
			if err != nil {
				return nil, err
			}
			url = &s
		case "header_params":
			h, err := parseHeaders(v)
			if err != nil {
				return nil, err
			}
			wh.Headers = h
		case "method":
			s, err := textValue(v)
			if err != nil {
				return nil, err
			}
			switch s {
			case "POST", "PUT", "PATCH":
				wh.Method = s
			default:
				wh.Method = "POST"
			}
		}
	}
	if url == nil {
		return nil, illegalArgument("url field absent")
	}
	if err := checkURLField(*url); err != nil {
		return nil, err
	}
	wh.URL = *url
	return wh, nil
}

// parseHeaders reads header_params into a map and returns its entries in
// java.util.HashMap iteration order, the order the plugin prints them in.
func parseHeaders(n *xcontent.Value) ([]header, *Error) {
	if err := expect(n, xcontent.Object); err != nil {
		return nil, err
	}
	var hs []header
next:
	for i := range n.Members {
		k := n.Members[i].Key
		v, err := textValue(&n.Members[i].Value)
		if err != nil {
			return nil, err
		}
		for j := range hs {
			if hs[j].Name == k {
				hs[j].Value = v
				continue next
			}
		}
		hs = append(hs, header{Name: k, Value: v})
	}
	return javaHashMapOrder(hs, headerName), nil
}

func parseRecipients(n *xcontent.Value) ([]string, *Error) {
	if err := expect(n, xcontent.Array); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(n.Items))
	for j := range n.Items {
		it := &n.Items[j]
		if err := expect(it, xcontent.Object); err != nil {
			return nil, err
		}
		var rcpt *string
		for i := range it.Members {
			if it.Members[i].Key == "recipient" {
				s, err := textValue(&it.Members[i].Value)
				if err != nil {
					return nil, err
				}
				rcpt = &s
			}
		}
		if rcpt == nil {
			return nil, illegalArgument("recipient field absent")
		}
		if err := checkEmail(*rcpt); err != nil {
			return nil, err
		}
		out = append(out, *rcpt)
	}
	return out, nil
}

func parseEmail(n *xcontent.Value) (*emailBlock, *Error) {
	var account *string
	e := &emailBlock{Recipients: []string{}, GroupIDs: []string{}}
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		var err *Error
		switch k {
		case "email_account_id":
			var s string
			if s, err = textValue(v); err == nil {
				account = &s
			}
		case "recipient_list":
			e.Recipients, err = parseRecipients(v)
		case "email_group_id_list":
			e.GroupIDs, err = stringList(v)
		}
		if err != nil {
			return nil, err
		}
	}
	if account == nil {
		return nil, illegalArgument("email_account_id field absent")
	}
	if *account == "" {
		return nil, illegalArgument("emailAccountID is null or empty")
	}
	e.AccountID = *account
	return e, nil
}

func parseEmailGroup(n *xcontent.Value) (*emailGroupBlock, *Error) {
	var list []string
	found := false
	for i := range n.Members {
		if n.Members[i].Key == "recipient_list" {
			l, err := parseRecipients(&n.Members[i].Value)
			if err != nil {
				return nil, err
			}
			list, found = l, true
		}
	}
	if !found {
		return nil, illegalArgument("recipient_list field absent")
	}
	return &emailGroupBlock{Recipients: list}, nil
}

func parseSMTP(n *xcontent.Value) (*smtpBlock, *Error) {
	var host, method, from *string
	var port *int
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		switch k {
		case "host", "method", "from_address":
			s, err := textValue(v)
			if err != nil {
				return nil, err
			}
			switch k {
			case "host":
				host = &s
			case "from_address":
				from = &s
			default:
				if s != "ssl" && s != "start_tls" {
					s = "none"
				}
				method = &s
			}
		case "port":
			p, err := intValue(v)
			if err != nil {
				return nil, err
			}
			port = &p
		}
	}
	switch {
	case host == nil:
		return nil, illegalArgument("host field absent")
	case port == nil:
		return nil, illegalArgument("port field absent")
	case method == nil:
		return nil, illegalArgument("method field absent")
	case from == nil:
		return nil, illegalArgument("from_address field absent")
	case *host == "":
		return nil, illegalArgument("host is null or empty")
	case *port <= 0:
		return nil, illegalArgument("port should be positive value")
	}
	if err := checkEmail(*from); err != nil {
		return nil, err
	}
	return &smtpBlock{Host: *host, Port: *port, Method: *method, FromAddress: *from}, nil
}

func parseSES(n *xcontent.Value) (*sesBlock, *Error) {
	var region, from, role *string
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		var err *Error
		switch k {
		case "region":
			var s string
			if s, err = textValue(v); err == nil {
				region = &s
			}
		case "from_address":
			var s string
			if s, err = textValue(v); err == nil {
				from = &s
			}
		case "role_arn":
			role, err = textOrNull(v)
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case region == nil:
		return nil, illegalArgument("region field absent")
	case from == nil:
		return nil, illegalArgument("from_address field absent")
	case *region == "":
		return nil, illegalArgument("awsRegion is null or empty")
	}
	if err := checkEmail(*from); err != nil {
		return nil, err
	}
	if role != nil {
		if err := checkRoleARN(*role); err != nil {
			return nil, err
		}
	}
	return &sesBlock{Region: *region, RoleARN: role, FromAddress: *from}, nil
}

func parseSNS(n *xcontent.Value) (*snsBlock, *Error) {
	var topic, role *string
	for i := range n.Members {
		k, v := n.Members[i].Key, &n.Members[i].Value
		var err *Error
		switch k {
		case "topic_arn":
			topic, err = textOrNull(v)
		case "role_arn":
			role, err = textOrNull(v)
		}
		if err != nil {
			return nil, err
		}
	}
	if topic == nil {
		return nil, illegalArgument("topic_arn field absent")
	}
	if !snsARNPattern.MatchString(*topic) {
		return nil, illegalArgument("Invalid AWS SNS topic ARN: " + *topic)
	}
	if role != nil {
		if err := checkRoleARN(*role); err != nil {
			return nil, err
		}
	}
	return &snsBlock{TopicARN: *topic, RoleARN: role}, nil
}
