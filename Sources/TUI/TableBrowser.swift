import TableKit

@main
struct TableBrowser {
    static func main() {
        print("table-browser")
    }
}
