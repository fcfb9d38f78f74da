import TableKit

extension TableViewController {
    /// `screen`, its rows and swipe menus animated as this screen's are (Settings sets the
    /// tabs' roots; a screen they open follows them).
    func animatingAsThis<Opened: TableViewController>(_ screen: Opened) -> Opened {
        screen.swipeMenuStyle = swipeMenuStyle
        screen.animatesSwipeMenus = animatesSwipeMenus
        screen.animatesRowChanges = animatesRowChanges
        screen.animationSpeed = animationSpeed
        return screen
    }
}
