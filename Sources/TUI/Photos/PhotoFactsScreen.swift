import Foundation
import TableKit

/// A photo's facts, as the seed's metadata viewer shows them: a grouped table of `.value2`
/// rows, as Contacts shows a card (the label right-aligned in a column of its own, the value
/// beside it, so that the values line up under one another) — the camera and lens; the exposure (shutter, aperture, ISO, focal length); the date
/// and time; the place, its coordinates in degrees, minutes and seconds — and the other photos
/// taken within ``nearbyDistance`` of it, nearest first, each opening its own facts.
@MainActor
final class PhotoFactsScreen: TableViewController, TableViewDelegate {
    /// How near another photo must have been taken to be listed, in kilometres.
    static let nearbyDistance = 100.0
    /// The header of the nearby photos' section.
    static let nearbyHeader = "Photos taken near here"

    let photo: DecodedPhoto
    private let others: [DecodedPhoto]
    private let glyphs: Glyphs
    /// The photos listed under "Photos taken near here", in their rows' order.
    private(set) var nearby: [(photo: DecodedPhoto, kilometres: Double)] = []

    init(photo: DecodedPhoto, others: [DecodedPhoto], glyphs: Glyphs) {
        self.photo = photo
        self.others = others
        self.glyphs = glyphs
        super.init(title: photo.title, style: .grouped, dataSource: StaticTableDataSource([]))
        if let here = photo.facts.coordinate {
            nearby = others.compactMap { other in
                guard other.name != photo.name, let there = other.facts.coordinate else { return nil }
                let kilometres = here.distance(to: there)
                return kilometres <= Self.nearbyDistance ? (other, kilometres) : nil
            }.sorted { ($0.kilometres, $0.photo.name) < ($1.kilometres, $1.photo.name) }
        }
        dataSource = StaticTableDataSource(sections)
        delegate = self
    }

    /// The sections, each left out when the photo says nothing for it.
    private var sections: [TableSection] {
        let facts = photo.facts
        func rows(_ pairs: [(String, String?)]) -> [TableViewCell] {
            pairs.compactMap { label, value in value.map { TableViewCell(style: .value2, text: label, detailText: $0, isHighlightable: false) } }
        }
        var sections: [TableSection] = []
        let camera = rows([("Camera", facts.cameraText), ("Lens", facts.lens)])
        if !camera.isEmpty { sections.append(TableSection(header: "Camera", cells: camera)) }
        let exposure = rows([("Shutter", facts.shutterSpeedText), ("Aperture", facts.apertureText(glyphs)), ("ISO", facts.isoText),
                             ("Focal length", facts.focalLengthText)])
        if !exposure.isEmpty { sections.append(TableSection(header: "Exposure", cells: exposure)) }
        let date = rows([("Taken", facts.dateTakenText)])
        if !date.isEmpty { sections.append(TableSection(header: "Date and time", cells: date)) }
        if let coordinate = facts.coordinate {
            let place = rows([("Place", facts.caption), ("Latitude", coordinate.latitudeText(glyphs)), ("Longitude", coordinate.longitudeText(glyphs))])
            sections.append(TableSection(header: "Location", cells: place))
            let near = nearby.map { other in
                TableViewCell(style: .value1, text: other.photo.title, detailText: Self.distanceText(other.kilometres), accessory: .disclosureIndicator)
            }
            sections.append(TableSection(header: Self.nearbyHeader,
                                         footer: near.isEmpty ? "None within \(Int(Self.nearbyDistance)) km." : nil, cells: near))
        }
        if let problem = photo.exifProblem {
            sections.append(TableSection(header: "Metadata", footer: problem, cells: []))
        } else if facts.isEmpty {
            sections.append(TableSection(header: "Metadata", footer: "This photo carries no Exif metadata.", cells: []))
        }
        return sections
    }

    /// "4.8 km", or "850 m" under a kilometre.
    static func distanceText(_ kilometres: Double) -> String {
        if kilometres < 1 { return "\(Int((kilometres * 1000).rounded())) m" }
        return PhotoFacts.decimal(kilometres, fractionDigits: 1) + " km"
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard tableView.dataSource.titleForHeader(inSection: indexPath.section) == Self.nearbyHeader, nearby.indices.contains(indexPath.row) else {
            return .handled
        }
        return .push(PhotoFactsScreen(photo: nearby[indexPath.row].photo, others: others, glyphs: glyphs))
    }
}
