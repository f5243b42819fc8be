"""`toolkit serve`: a live preview of a project in the browser (stdlib http.server, file
watching with watchfiles, updates pushed to the page with Server-Sent Events)."""
