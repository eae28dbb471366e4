// The background of a highlighted (main action) button: a plain accent-coloured rectangle.
// Material's own one is drawn with a shader effect, which Qt Quick's software renderer (used
// headless, and on machines without OpenGL) leaves out, so the button would lose its colour.
import QtQuick
import QtQuick.Controls.Material

Rectangle {
    implicitWidth: 64
    implicitHeight: 36
    radius: 2
    color: !parent.enabled ? parent.Material.buttonDisabledColor
         : parent.down ? Qt.darker(parent.Material.accent, 1.2)
         : parent.Material.accent
    border.width: parent.visualFocus ? 2 : 0
    border.color: parent.Material.foreground
}
