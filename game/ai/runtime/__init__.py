"""Running AI work off the UI thread: the decision worker and the review job."""
