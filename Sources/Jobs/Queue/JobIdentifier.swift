import Import

/// What a job is called by: its order's id. The console asks through here, not the orders.
public enum JobIdentifier {
    /// Whether `text` could be an order's id (`Order.isValidIdentifier`): what a URL or a form
    /// may name before the queue is asked.
    public static func isValid(_ text: String) -> Bool { Order.isValidIdentifier(text) }
}
