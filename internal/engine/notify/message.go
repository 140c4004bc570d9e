package notify

// message is the plugin's MessageContent for a test notification
// (SendTestNotificationActionHelper).
type message struct {
	title string
	text  string
	html  string
}

func testMessage(configID string) message {
	return message{
		title: "Test Message Title-" + configID,
		text:  "Test message content body for config id " + configID,
		html: "<html>\n<header><title>Test Message</title></header>\n<body>\n<p>Test Message for config id " +
			configID + "</p>\n</body>\n</html>",
	}
}

// withTitle is MessageContent.buildMessageWithTitle: the HTML part when
// there is one, else title and text.
func (m message) withTitle() string {
	if m.html != "" {
		return m.html
	}
	return m.title + "\n\n" + m.text
}

// deliveryStatus is the plugin's DeliveryStatus.
type deliveryStatus struct {
	code string
	text string
}

// recipientStatus is EmailRecipientStatus.
type recipientStatus struct {
	recipient string
	status    deliveryStatus
}

// eventStatus is EventStatus: the outcome for one channel.
type eventStatus struct {
	configID   string
	configType string
	configName string
	recipients []recipientStatus
	delivery   deliveryStatus
}

func (e *eventStatus) writeJSON(w *jsonWriter) {
	w.obj()
	w.strField("config_id", e.configID)
	w.strField("config_type", e.configType)
	w.strField("config_name", e.configName)
	w.key("email_recipient_status")
	w.arr()
	for _, r := range e.recipients {
		w.obj()
		w.strField("recipient", r.recipient)
		w.key("delivery_status")
		r.status.writeJSON(w)
		w.end()
	}
	w.endArr()
	w.key("delivery_status")
	e.delivery.writeJSON(w)
	w.end()
}

func (d deliveryStatus) writeJSON(w *jsonWriter) {
	w.obj()
	w.strField("status_code", d.code)
	w.strField("status_text", d.text)
	w.end()
}
